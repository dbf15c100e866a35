-- Every app node keeps signed-in sessions and clinic rosters in memory (platform/change-feed.ts,
-- docs/decisions/008-in-memory-caches.md). These triggers tell every node, on commit, what changed,
-- on the channel homestretch_changes, whichever path wrote it: a service, a migration, psql.
-- One notification per statement and clinic; past 500 ids it names none and means "all of them",
-- so a payload stays under PostgreSQL's 8,000 bytes.
CREATE FUNCTION notify_changes(kind text, clinic_ids integer[], ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  FOR changed IN
    SELECT clinic_id, array_agg(DISTINCT id ORDER BY id) AS ids
    FROM unnest(clinic_ids, ids) AS t(clinic_id, id)
    GROUP BY clinic_id
  LOOP
    PERFORM pg_notify('homestretch_changes', json_build_object(
      'kind', kind,
      'clinic', changed.clinic_id,
      'ids', CASE WHEN cardinality(changed.ids) <= 500 THEN to_json(changed.ids) ELSE NULL END
    )::text);
  END LOOP;
END
$$;
--> statement-breakpoint
-- One trigger function for every table: TG_ARGV names the kind, the expression of the rows'
-- clinic and the column of their id. An update tells both the old and the new rows' clinics.
CREATE FUNCTION notify_changed_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  picked text := format('SELECT %s AS clinic_id, %I AS id FROM ', TG_ARGV[1], TG_ARGV[2]);
  changed_rows text;
BEGIN
  changed_rows := CASE TG_OP
    WHEN 'INSERT' THEN picked || 'new_rows'
    WHEN 'DELETE' THEN picked || 'old_rows'
    ELSE picked || 'old_rows UNION ' || picked || 'new_rows'
  END;
  EXECUTE format(
    'SELECT notify_changes(%L, array_agg(clinic_id), array_agg(id)) FROM (%s) AS changed',
    TG_ARGV[0],
    changed_rows
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Patients, by the patient's id.
CREATE TRIGGER patients_notify_insert AFTER INSERT ON patients
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
EXECUTE FUNCTION notify_changed_rows('patients', 'clinic_id', 'id');
--> statement-breakpoint
CREATE TRIGGER patients_notify_update AFTER UPDATE ON patients
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
EXECUTE FUNCTION notify_changed_rows('patients', 'clinic_id', 'id');
--> statement-breakpoint
CREATE TRIGGER patients_notify_delete AFTER DELETE ON patients
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
EXECUTE FUNCTION notify_changed_rows('patients', 'clinic_id', 'id');
--> statement-breakpoint
-- A patient's therapists are part of the patient as the roster shows them.
CREATE TRIGGER patient_therapists_notify_insert AFTER INSERT ON patient_therapists
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
EXECUTE FUNCTION notify_changed_rows('patients', 'clinic_id', 'patient_id');
--> statement-breakpoint
CREATE TRIGGER patient_therapists_notify_delete AFTER DELETE ON patient_therapists
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
EXECUTE FUNCTION notify_changed_rows('patients', 'clinic_id', 'patient_id');
--> statement-breakpoint
-- Accounts: a changed role, approval, name or deactivation reaches cached sessions and the names
-- of therapists on cached rosters. Users without a clinic are sent under clinic 0.
CREATE TRIGGER users_notify_update AFTER UPDATE ON users
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
EXECUTE FUNCTION notify_changed_rows('users', 'coalesce(clinic_id, 0)', 'id');
--> statement-breakpoint
CREATE TRIGGER users_notify_delete AFTER DELETE ON users
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
EXECUTE FUNCTION notify_changed_rows('users', 'coalesce(clinic_id, 0)', 'id');
--> statement-breakpoint
-- Ended sessions (sign-out, password change, removal), by their user.
CREATE TRIGGER sessions_notify_delete AFTER DELETE ON sessions
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
EXECUTE FUNCTION notify_changed_rows('sessions', '0', 'user_id');
--> statement-breakpoint
-- A clinic's code, time zone or service level travels with every cached session of its staff.
CREATE TRIGGER clinics_notify_update AFTER UPDATE ON clinics
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
EXECUTE FUNCTION notify_changed_rows('clinics', 'id', 'id');
--> statement-breakpoint
CREATE TRIGGER clinics_notify_delete AFTER DELETE ON clinics
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
EXECUTE FUNCTION notify_changed_rows('clinics', 'id', 'id');
