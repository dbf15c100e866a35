-- Search from PostgreSQL alone (docs/decisions/009): each patient row carries its words as a
-- tsvector written by the app (patientSearchColumns), so no SQL repeats the normalisation rule.
-- The word table and its trigger go, and so do the change notifications of 0009, which only
-- fed the in-memory caches this replaces. search_vector starts null: the server computes it for
-- every patient on start (refreshPatientSearch), as after any change to the rule.
DROP TRIGGER "patients_search_terms_sync" ON "patients";--> statement-breakpoint
DROP FUNCTION "patient_search_terms_sync"();--> statement-breakpoint
DROP TABLE "patient_search_terms" CASCADE;--> statement-breakpoint
DROP TRIGGER "patients_notify_insert" ON "patients";--> statement-breakpoint
DROP TRIGGER "patients_notify_update" ON "patients";--> statement-breakpoint
DROP TRIGGER "patients_notify_delete" ON "patients";--> statement-breakpoint
DROP TRIGGER "patient_therapists_notify_insert" ON "patient_therapists";--> statement-breakpoint
DROP TRIGGER "patient_therapists_notify_delete" ON "patient_therapists";--> statement-breakpoint
DROP TRIGGER "users_notify_update" ON "users";--> statement-breakpoint
DROP TRIGGER "users_notify_delete" ON "users";--> statement-breakpoint
DROP TRIGGER "sessions_notify_delete" ON "sessions";--> statement-breakpoint
DROP TRIGGER "clinics_notify_update" ON "clinics";--> statement-breakpoint
DROP TRIGGER "clinics_notify_delete" ON "clinics";--> statement-breakpoint
DROP FUNCTION "notify_changed_rows"();--> statement-breakpoint
DROP FUNCTION "notify_changes"(text, integer[], integer[]);--> statement-breakpoint
DROP INDEX "patients_phone_trgm_idx";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "search_vector" tsvector;--> statement-breakpoint
CREATE INDEX "patients_search_idx" ON "patients" USING gin ("search_vector");
