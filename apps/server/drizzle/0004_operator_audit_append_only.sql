-- The operator audit log is append-only. The server has no update or delete path for it; these
-- triggers make the database refuse one too, whoever asks (a stray script, a console session), so
-- an entry once committed stays as written. Only the table's owner, by dropping the triggers,
-- could change that.
CREATE FUNCTION operator_audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit_log is append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER operator_audit_log_no_update_or_delete
  BEFORE UPDATE OR DELETE ON operator_audit_log
  FOR EACH ROW EXECUTE FUNCTION operator_audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER operator_audit_log_no_truncate
  BEFORE TRUNCATE ON operator_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_log_refuse_change();
