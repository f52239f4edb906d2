-- Live job updates (GraphQL subscriptions): every insert or update of a job row sends
-- a NOTIFY on channel code2des_job_events from inside the transaction that made the change, so it
-- is delivered on commit (and never for a rolled-back change) to every API instance that LISTENs,
-- whichever instance or process (callback, sweeper, retry, delete) changed the row. The payload
-- names the job only; listeners re-read it with the subscriber's authorization. A trigger, not a
-- column: the seed tables keep exactly their columns.
CREATE FUNCTION code2des_notify_job_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('code2des_job_events', json_build_object(
        'kind', TG_TABLE_NAME,
        'id', NEW.id,
        'organization_id', NEW.organization_id,
        'project_id', NEW.project_id,
        'status', NEW.status,
        'attempt', NEW.attempt,
        'deleted', NEW.deleted_at IS NOT NULL)::text);
    RETURN NULL;
END
$$;

CREATE TRIGGER page_import_notify_job_event AFTER INSERT OR UPDATE ON page_import
    FOR EACH ROW EXECUTE FUNCTION code2des_notify_job_event();
CREATE TRIGGER code2des_notify_job_event AFTER INSERT OR UPDATE ON code2des
    FOR EACH ROW EXECUTE FUNCTION code2des_notify_job_event();
