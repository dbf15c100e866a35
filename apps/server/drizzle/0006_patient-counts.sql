CREATE TABLE "patient_counts" (
	"clinic_id" integer NOT NULL,
	"status" text NOT NULL,
	"is_rtm_covered" boolean NOT NULL,
	"patients" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "patient_counts_clinic_id_status_is_rtm_covered_pk" PRIMARY KEY("clinic_id","status","is_rtm_covered")
);
--> statement-breakpoint
ALTER TABLE "patient_counts" ADD CONSTRAINT "patient_counts_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;