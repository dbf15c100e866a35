-- The searchable words of a patient (patient_search_terms), rebuilt by a trigger on every write to
-- the columns they come from, so the seed, the bench generator and every service write keep them.
-- The word rules mirror patientSearchTerms() in apps/server/src/features/patients/patient-search.ts;
-- roster.int.test.ts checks the two agree.
CREATE FUNCTION patient_search_terms_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  email text := lower(NEW.email);
  local_part text := split_part(lower(NEW.email), '@', 1);
BEGIN
  DELETE FROM patient_search_terms WHERE patient_id = NEW.id;
  IF NEW.status = 'removed' THEN
    RETURN NULL;
  END IF;
  INSERT INTO patient_search_terms (clinic_id, patient_id, kind, term, status, sort_name)
  SELECT DISTINCT NEW.clinic_id, NEW.id, words.kind, words.term, NEW.status, NEW.sort_name
  FROM (
    SELECT 'full' AS kind, NEW.search_name AS term
    UNION ALL SELECT 'full', NEW.sort_name
    UNION ALL
    SELECT 'name', word FROM regexp_split_to_table(replace(NEW.search_name, '-', ' '), ' ') AS word
    UNION ALL
    -- The address from the start of each word of its local part: "okafor@" finds maya.okafor@….
    SELECT 'email', substr(email, position)
    FROM generate_series(1, coalesce(length(local_part), 0)) AS position
    WHERE position = 1 OR substr(local_part, position - 1, 1) IN ('.', '_', '-', '+')
    UNION ALL
    SELECT 'diagnosis', word
    FROM regexp_split_to_table(
      translate(
        lower(coalesce(NEW.diagnosis, '')),
        'áàâäãåāéèêëēíìîïīóòôöõøōúùûüūñçýÿ''’`',
        'aaaaaaaeeeeeiiiiiooooooouuuuuncyy'
      ),
      '[^a-z0-9]+'
    ) AS word
    UNION ALL SELECT 'code', upper(replace(NEW.selected_code, '.', ''))
  ) AS words
  WHERE words.term IS NOT NULL AND words.term <> '';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER patients_search_terms_sync
AFTER INSERT OR UPDATE OF clinic_id, search_name, sort_name, email, diagnosis, selected_code, status
ON patients
FOR EACH ROW EXECUTE FUNCTION patient_search_terms_sync();
--> statement-breakpoint
-- Existing patients: touching a watched column fires the trigger once for each.
UPDATE patients SET status = status;
