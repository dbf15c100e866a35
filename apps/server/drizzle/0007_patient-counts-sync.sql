-- patient_counts follows every insert, delete and change of status or RTM coverage of a patient.
-- An update moves one patient between two counter rows; they are always locked in the same order
-- (by status, then coverage), so a discharge and a re-onboarding at the same moment cannot
-- deadlock.
-- Only a count going up may create its row: going down, the row exists, unless the clinic itself
-- is being deleted (its counters go with it), when there is nothing left to count.
CREATE FUNCTION patient_counts_add(clinic integer, patient_status text, rtm boolean, delta integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF delta > 0 THEN
    INSERT INTO patient_counts (clinic_id, status, is_rtm_covered, patients)
    VALUES (clinic, patient_status, rtm, delta)
    ON CONFLICT (clinic_id, status, is_rtm_covered)
    DO UPDATE SET patients = patient_counts.patients + excluded.patients;
  ELSE
    UPDATE patient_counts SET patients = patients + delta
    WHERE clinic_id = clinic AND status = patient_status AND is_rtm_covered = rtm;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION patient_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM patient_counts_add(NEW.clinic_id, NEW.status, NEW.is_rtm_covered, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM patient_counts_add(OLD.clinic_id, OLD.status, OLD.is_rtm_covered, -1);
  ELSIF (OLD.clinic_id, OLD.status, OLD.is_rtm_covered) IS DISTINCT FROM
        (NEW.clinic_id, NEW.status, NEW.is_rtm_covered) THEN
    IF (OLD.clinic_id, OLD.status, OLD.is_rtm_covered) < (NEW.clinic_id, NEW.status, NEW.is_rtm_covered) THEN
      PERFORM patient_counts_add(OLD.clinic_id, OLD.status, OLD.is_rtm_covered, -1);
      PERFORM patient_counts_add(NEW.clinic_id, NEW.status, NEW.is_rtm_covered, 1);
    ELSE
      PERFORM patient_counts_add(NEW.clinic_id, NEW.status, NEW.is_rtm_covered, 1);
      PERFORM patient_counts_add(OLD.clinic_id, OLD.status, OLD.is_rtm_covered, -1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER patients_counts_sync
AFTER INSERT OR DELETE OR UPDATE OF clinic_id, status, is_rtm_covered ON patients
FOR EACH ROW EXECUTE FUNCTION patient_counts_sync();
--> statement-breakpoint
INSERT INTO patient_counts (clinic_id, status, is_rtm_covered, patients)
SELECT clinic_id, status, is_rtm_covered, count(*) FROM patients
GROUP BY clinic_id, status, is_rtm_covered;
