DROP TABLE organization_member;
DROP TABLE project;
DROP TABLE organization;
