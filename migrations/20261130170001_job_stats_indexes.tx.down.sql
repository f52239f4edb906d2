DROP INDEX IF EXISTS code2des_project_created_idx;
DROP INDEX IF EXISTS page_import_project_created_idx;
