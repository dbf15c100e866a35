-- Hand-added: addresses were always lower-cased by the contract; any written another way (psql,
-- an old import) is lower-cased first. Two accounts differing only by case stop the migration,
-- which a person must then resolve.
UPDATE "users" SET "email" = lower("email") WHERE "email" <> lower("email");--> statement-breakpoint
ALTER TABLE "health_samples" ADD CONSTRAINT "health_samples_metric_check" CHECK ("health_samples"."metric" in ('engagement', 'pain', 'steps', 'distance', 'heart_rate', 'blood_oxygen', 'sleep', 'blood_pressure', 'blood_glucose', 'respiratory_rate', 'active_energy_burned', 'exercise', 'walking', 'running', 'cycling', 'hiking', 'stair_climbing'));--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_status_check" CHECK ("patients"."status" in ('active', 'discharged', 'removed'));--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_gender_check" CHECK ("patients"."gender" is null or "patients"."gender" in ('female', 'male', 'other', 'undisclosed'));--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_kind_check" CHECK ("sessions"."kind" in ('web', 'supervisor', 'extension'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'therapist', 'remote_therapist', 'patient', 'supervisor', 'manager'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_approval_status_check" CHECK ("users"."approval_status" in ('pending', 'approved', 'declined'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_lower_check" CHECK ("users"."email" = lower("users"."email"));