DROP TRIGGER IF EXISTS code2des_notify_job_event ON code2des;
DROP TRIGGER IF EXISTS page_import_notify_job_event ON page_import;
DROP FUNCTION IF EXISTS code2des_notify_job_event();
