DROP TABLE auth_handoff;
