-- Issue 10, defect 4: discharge now ends RTM coverage; records discharged before it still had
-- the flag on, so the roster's "RTM covered" filter and counts included them.
UPDATE "patients" SET "is_rtm_covered" = false WHERE "status" <> 'active' AND "is_rtm_covered";
