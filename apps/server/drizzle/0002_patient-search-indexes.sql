DROP INDEX "banner_snoozes_patient_idx";--> statement-breakpoint
DROP INDEX "functional_data_entries_type_idx";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "banner_snoozes_patient_user_banner_key" ON "banner_snoozes" USING btree ("patient_id","user_id","banner");--> statement-breakpoint
CREATE UNIQUE INDEX "functional_data_entries_type_date_key" ON "functional_data_entries" USING btree ("datatype_id","recorded_on");--> statement-breakpoint
CREATE INDEX "icd10_codes_description_trgm_idx" ON "icd10_codes" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_clinic_phone_idx" ON "patients" USING btree ("clinic_id","phone");--> statement-breakpoint
CREATE INDEX "patients_search_name_trgm_idx" ON "patients" USING gin ("search_name" gin_trgm_ops);