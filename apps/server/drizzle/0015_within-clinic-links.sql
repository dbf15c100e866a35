-- Tables made ahead of their domains go until their issues land (issue 8); a patient's therapist
-- links are kept within one clinic by composite keys; measure names are unique per patient in any
-- case, as the service already checks.
DROP TABLE "analytics_events" CASCADE;--> statement-breakpoint
DROP TABLE "billing_files" CASCADE;--> statement-breakpoint
DROP TABLE "billing_units" CASCADE;--> statement-breakpoint
DROP TABLE "chat_messages" CASCADE;--> statement-breakpoint
DROP TABLE "chat_reads" CASCADE;--> statement-breakpoint
DROP TABLE "chat_sessions" CASCADE;--> statement-breakpoint
DROP TABLE "hep_approval_requests" CASCADE;--> statement-breakpoint
DROP TABLE "hep_item_history" CASCADE;--> statement-breakpoint
DROP TABLE "hep_requests" CASCADE;--> statement-breakpoint
DROP TABLE "library_folder_videos" CASCADE;--> statement-breakpoint
DROP TABLE "library_folders" CASCADE;--> statement-breakpoint
DROP TABLE "referrals" CASCADE;--> statement-breakpoint
DROP TABLE "tasks" CASCADE;--> statement-breakpoint
CREATE UNIQUE INDEX "patients_clinic_id_key" ON "patients" USING btree ("clinic_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_clinic_id_key" ON "users" USING btree ("clinic_id","id");--> statement-breakpoint
ALTER TABLE "patient_therapists" DROP CONSTRAINT "patient_therapists_patient_id_patients_id_fk";
--> statement-breakpoint
ALTER TABLE "patient_therapists" DROP CONSTRAINT "patient_therapists_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "patient_therapists" ADD CONSTRAINT "patient_therapists_patient_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_therapists" ADD CONSTRAINT "patient_therapists_user_fk" FOREIGN KEY ("clinic_id","user_id") REFERENCES "public"."users"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "functional_data_types_patient_name_key" ON "functional_data_types" USING btree ("patient_id",lower("name"));
