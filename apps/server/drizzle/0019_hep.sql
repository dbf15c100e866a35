CREATE TABLE "hep_approval_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hep_approval_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"requested_by" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"hep_data" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decided_data" jsonb,
	"decision_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hep_approval_requests_status_check" CHECK ("hep_approval_requests"."status" in ('pending', 'approved', 'approved_with_changes', 'declined', 'superseded'))
);
--> statement-breakpoint
CREATE TABLE "hep_item_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hep_item_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hep_item_id" integer NOT NULL,
	"actor_user_id" integer,
	"kind" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"approval_request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hep_item_events_kind_check" CHECK ("hep_item_events"."kind" in ('added', 'changed', 'removed', 'restored', 'reordered'))
);
--> statement-breakpoint
CREATE TABLE "hep_patient_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hep_patient_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"content" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hep_items" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "hep_items" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hep_approval" text;--> statement-breakpoint
ALTER TABLE "hep_approval_requests" ADD CONSTRAINT "hep_approval_requests_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hep_approval_requests" ADD CONSTRAINT "hep_approval_requests_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hep_approval_requests" ADD CONSTRAINT "hep_approval_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hep_approval_requests" ADD CONSTRAINT "hep_approval_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hep_item_events" ADD CONSTRAINT "hep_item_events_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hep_item_events" ADD CONSTRAINT "hep_item_events_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hep_item_events" ADD CONSTRAINT "hep_item_events_hep_item_id_hep_items_id_fk" FOREIGN KEY ("hep_item_id") REFERENCES "public"."hep_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hep_item_events" ADD CONSTRAINT "hep_item_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hep_item_events" ADD CONSTRAINT "hep_item_events_approval_request_id_hep_approval_requests_id_fk" FOREIGN KEY ("approval_request_id") REFERENCES "public"."hep_approval_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hep_patient_requests" ADD CONSTRAINT "hep_patient_requests_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hep_patient_requests" ADD CONSTRAINT "hep_patient_requests_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hep_patient_requests" ADD CONSTRAINT "hep_patient_requests_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hep_approval_requests_pending_key" ON "hep_approval_requests" USING btree ("patient_id") WHERE "hep_approval_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "hep_approval_requests_clinic_status_idx" ON "hep_approval_requests" USING btree ("clinic_id","status","created_at");--> statement-breakpoint
CREATE INDEX "hep_item_events_item_idx" ON "hep_item_events" USING btree ("hep_item_id","id");--> statement-breakpoint
CREATE INDEX "hep_item_events_patient_idx" ON "hep_item_events" USING btree ("patient_id","id");--> statement-breakpoint
CREATE INDEX "hep_patient_requests_patient_idx" ON "hep_patient_requests" USING btree ("patient_id","created_at");--> statement-breakpoint
ALTER TABLE "hep_items" ADD CONSTRAINT "hep_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hep_items" ADD CONSTRAINT "hep_items_patient_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hep_completions_patient_day_idx" ON "hep_completions" USING btree ("patient_id","completed_on");--> statement-breakpoint
CREATE UNIQUE INDEX "hep_items_patient_video_key" ON "hep_items" USING btree ("patient_id","video_id") WHERE "hep_items"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "hep_completions" ADD CONSTRAINT "hep_completions_sets_done_check" CHECK ("hep_completions"."sets_done" between 0 and 100);--> statement-breakpoint
ALTER TABLE "hep_items" ADD CONSTRAINT "hep_items_sets_reps_check" CHECK ("hep_items"."sets" between 1 and 100 and "hep_items"."reps" between 1 and 100);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_hep_approval_check" CHECK ("users"."hep_approval" is null or "users"."hep_approval" in ('required', 'not_required'));