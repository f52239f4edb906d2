DROP TABLE periodic_task;
