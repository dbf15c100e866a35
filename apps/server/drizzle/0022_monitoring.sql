CREATE TABLE "monitoring_days" (
	"session_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"seconds" integer NOT NULL,
	CONSTRAINT "monitoring_days_session_id_day_pk" PRIMARY KEY("session_id","day"),
	CONSTRAINT "monitoring_days_seconds_check" CHECK ("monitoring_days"."seconds" between 0 and 86400)
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"period_key" text NOT NULL,
	"reason" text NOT NULL,
	"due_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" integer,
	CONSTRAINT "tasks_kind_check" CHECK ("tasks"."kind" in ('no_data', 'pain_rising', 'call_due', 'minutes_short')),
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" in ('new', 'done'))
);
--> statement-breakpoint
ALTER TABLE "voice_calls" ADD COLUMN "outcome" text;--> statement-breakpoint
-- Rows from before the rules: one open session per therapist (the newest), known contexts only,
-- and each session's seconds on the clinic day it began, so earlier minutes still count.
UPDATE "monitoring_sessions" s SET "ended_at" = coalesce(s."last_saved_at", s."started_at") WHERE s."ended_at" IS NULL AND EXISTS (SELECT 1 FROM "monitoring_sessions" n WHERE n."user_id" = s."user_id" AND n."ended_at" IS NULL AND n."id" > s."id");--> statement-breakpoint
UPDATE "monitoring_sessions" SET "context" = NULL WHERE "context" NOT IN ('patient_dashboard', 'desktop_chat', 'mobile_chat');--> statement-breakpoint
UPDATE "monitoring_sessions" SET "seconds" = 0 WHERE "seconds" < 0;--> statement-breakpoint
INSERT INTO "monitoring_days" ("session_id", "clinic_id", "patient_id", "user_id", "day", "seconds") SELECT s."id", s."clinic_id", s."patient_id", s."user_id", (s."started_at" AT TIME ZONE c."time_zone")::date, least(s."seconds", 86400) FROM "monitoring_sessions" s JOIN "clinics" c ON c."id" = s."clinic_id" WHERE s."seconds" > 0;--> statement-breakpoint
UPDATE "voice_calls" SET "status" = 'failed' WHERE "status" NOT IN ('queued', 'ringing', 'in-progress', 'completed', 'busy', 'no-answer', 'failed', 'canceled');--> statement-breakpoint
ALTER TABLE "monitoring_days" ADD CONSTRAINT "monitoring_days_session_id_monitoring_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."monitoring_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_days" ADD CONSTRAINT "monitoring_days_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_days" ADD CONSTRAINT "monitoring_days_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_days" ADD CONSTRAINT "monitoring_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitoring_days_patient_day_idx" ON "monitoring_days" USING btree ("patient_id","day");--> statement-breakpoint
CREATE INDEX "monitoring_days_user_day_idx" ON "monitoring_days" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_patient_kind_period_key" ON "tasks" USING btree ("patient_id","kind","period_key");--> statement-breakpoint
CREATE INDEX "tasks_clinic_status_idx" ON "tasks" USING btree ("clinic_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_sessions_open_key" ON "monitoring_sessions" USING btree ("user_id") WHERE "monitoring_sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "monitoring_sessions_open_idx" ON "monitoring_sessions" USING btree (coalesce("last_saved_at", "started_at")) WHERE "monitoring_sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "voice_calls_user_idx" ON "voice_calls" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "monitoring_sessions" ADD CONSTRAINT "monitoring_sessions_seconds_check" CHECK ("monitoring_sessions"."seconds" >= 0);--> statement-breakpoint
ALTER TABLE "monitoring_sessions" ADD CONSTRAINT "monitoring_sessions_context_check" CHECK ("monitoring_sessions"."context" is null or "monitoring_sessions"."context" in ('patient_dashboard', 'desktop_chat', 'mobile_chat'));--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_status_check" CHECK ("voice_calls"."status" in ('queued', 'ringing', 'in-progress', 'completed', 'busy', 'no-answer', 'failed', 'canceled'));--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_outcome_check" CHECK ("voice_calls"."outcome" is null or "voice_calls"."outcome" in ('CALL_OK', 'CALL_NOK', 'CALL_REMINDER_PERIOD'));--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_duration_check" CHECK ("voice_calls"."duration_seconds" is null or "voice_calls"."duration_seconds" >= 0);