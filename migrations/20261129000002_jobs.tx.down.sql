DROP TABLE code2des;
DROP TYPE code2des_status;
DROP TABLE page_import;
DROP TYPE page_import_status;
