-- Every app node keeps signed-in sessions and clinic rosters in memory (platform/change-feed.ts,
-- docs/decisions/008-in-memory-caches.md). These triggers tell every node, on commit, what changed,
-- on the channel homestretch_changes, whichever path wrote it: a service, a migration, psql.
-- One notification per statement and clinic; past 500 ids it names none and means "all of them",
-- so a payload stays under PostgreSQL's 8,000 bytes.
CREATE FUNCTION notify_change(kind text, clinic integer, ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('homestretch_changes', json_build_object(
    'kind', kind,
    'clinic', clinic,
    'ids', CASE WHEN cardinality(ids) <= 500 THEN to_json(ids) ELSE NULL END
  )::text);
END
$$;
--> statement-breakpoint
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
    PERFORM notify_change(kind, changed.clinic_id, changed.ids);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Patients, by the patient's id; a move between clinics (no path does it) tells both clinics.
CREATE FUNCTION patients_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM notify_changes('patients', array_agg(clinic_id), array_agg(id)) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM notify_changes('patients', array_agg(clinic_id), array_agg(id)) FROM old_rows;
  ELSE
    PERFORM notify_changes('patients', array_agg(clinic_id), array_agg(id))
    FROM (SELECT clinic_id, id FROM old_rows UNION SELECT clinic_id, id FROM new_rows) AS changed;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER patients_notify_insert AFTER INSERT ON patients
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patients_notify();
--> statement-breakpoint
CREATE TRIGGER patients_notify_update AFTER UPDATE ON patients
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patients_notify();
--> statement-breakpoint
CREATE TRIGGER patients_notify_delete AFTER DELETE ON patients
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patients_notify();
--> statement-breakpoint
-- A patient's therapists are part of the patient as the roster shows them.
CREATE FUNCTION patient_therapists_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM notify_changes('patients', array_agg(clinic_id), array_agg(patient_id)) FROM new_rows;
  ELSE
    PERFORM notify_changes('patients', array_agg(clinic_id), array_agg(patient_id)) FROM old_rows;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER patient_therapists_notify_insert AFTER INSERT ON patient_therapists
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_therapists_notify();
--> statement-breakpoint
CREATE TRIGGER patient_therapists_notify_delete AFTER DELETE ON patient_therapists
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_therapists_notify();
--> statement-breakpoint
-- Accounts: a changed role, approval, name or deactivation reaches cached sessions and the names
-- of therapists on cached rosters. Users without a clinic are sent under clinic 0.
CREATE FUNCTION users_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_changes('users', array_agg(coalesce(clinic_id, 0)), array_agg(id))
  FROM (SELECT clinic_id, id FROM old_rows) AS changed;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_update AFTER UPDATE ON users
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_notify();
--> statement-breakpoint
CREATE TRIGGER users_notify_delete AFTER DELETE ON users
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_notify();
--> statement-breakpoint
-- Ended sessions (sign-out, password change, removal), by their user.
CREATE FUNCTION sessions_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_changes('sessions', array_agg(0), array_agg(user_id))
  FROM (SELECT DISTINCT user_id FROM old_rows) AS ended;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_delete AFTER DELETE ON sessions
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sessions_notify();
--> statement-breakpoint
-- A clinic's code, time zone or service level travels with every cached session of its staff.
CREATE FUNCTION clinics_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_changes('clinics', array_agg(id), array_agg(id)) FROM old_rows;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER clinics_notify_update AFTER UPDATE ON clinics
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clinics_notify();
--> statement-breakpoint
CREATE TRIGGER clinics_notify_delete AFTER DELETE ON clinics
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clinics_notify();
