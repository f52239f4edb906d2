DROP TABLE code2des_fidelity;
