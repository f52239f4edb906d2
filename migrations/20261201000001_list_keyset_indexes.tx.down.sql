DROP INDEX IF EXISTS code2des_org_project_id_idx;
DROP INDEX IF EXISTS page_import_org_project_id_idx;
