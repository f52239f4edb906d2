DROP TABLE IF EXISTS page_import_failure;
