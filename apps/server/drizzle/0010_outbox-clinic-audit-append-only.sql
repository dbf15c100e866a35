ALTER TABLE "outbox_messages" ADD COLUMN "clinic_id" integer;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_clinic_idx" ON "outbox_messages" USING btree ("clinic_id","id");--> statement-breakpoint
-- Hand-added: the audit log is append-only. Rows are evidence of who read or changed patient
-- data, so no path (the app, the admin CLI, psql as the app's user) may rewrite or remove one;
-- a mistaken row is answered by a new row, never by an edit. Only a superuser who disables the
-- trigger can, and that act is outside the app's reach.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
