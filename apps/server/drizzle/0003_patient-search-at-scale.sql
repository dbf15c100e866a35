DROP INDEX "patients_clinic_status_idx";--> statement-breakpoint
CREATE INDEX "patients_clinic_status_sort_idx" ON "patients" USING btree ("clinic_id","status","sort_name" collate "C","id");--> statement-breakpoint
CREATE INDEX "patients_name_words_trgm_idx" ON "patients" USING gin ((' ' || replace("search_name", '-', ' ')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_phone_trgm_idx" ON "patients" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_email_trgm_idx" ON "patients" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_diagnosis_trgm_idx" ON "patients" USING gin (lower("diagnosis") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_selected_code_idx" ON "patients" USING btree ("selected_code" text_pattern_ops);