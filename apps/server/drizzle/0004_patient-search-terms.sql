CREATE TABLE "patient_search_terms" (
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"kind" text NOT NULL,
	"term" text NOT NULL,
	"status" text NOT NULL,
	"sort_name" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "patients_search_name_trgm_idx";--> statement-breakpoint
DROP INDEX "patients_name_words_trgm_idx";--> statement-breakpoint
DROP INDEX "patients_email_trgm_idx";--> statement-breakpoint
DROP INDEX "patients_diagnosis_trgm_idx";--> statement-breakpoint
DROP INDEX "patients_selected_code_idx";--> statement-breakpoint
ALTER TABLE "patient_search_terms" ADD CONSTRAINT "patient_search_terms_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_search_terms" ADD CONSTRAINT "patient_search_terms_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_search_terms_lookup_idx" ON "patient_search_terms" USING btree ("clinic_id","kind","status","term" text_pattern_ops,"sort_name","patient_id");--> statement-breakpoint
CREATE INDEX "patient_search_terms_patient_idx" ON "patient_search_terms" USING btree ("patient_id");