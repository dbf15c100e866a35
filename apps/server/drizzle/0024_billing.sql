CREATE TABLE "billing_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"period" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_files_period_check" CHECK ("billing_files"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "billing_files_size_check" CHECK ("billing_files"."size" = octet_length("billing_files"."content"))
);
--> statement-breakpoint
CREATE TABLE "billing_patient_months" (
	"clinic_id" integer NOT NULL,
	"period" text NOT NULL,
	"patient_id" integer NOT NULL,
	"billable" jsonb NOT NULL,
	"not_billable" jsonb NOT NULL,
	"units" integer NOT NULL,
	"amount" double precision NOT NULL,
	"staff" jsonb NOT NULL,
	CONSTRAINT "billing_patient_months_clinic_id_period_patient_id_pk" PRIMARY KEY("clinic_id","period","patient_id")
);
--> statement-breakpoint
CREATE TABLE "billing_runs" (
	"clinic_id" integer NOT NULL,
	"period" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"closed" boolean NOT NULL,
	"totals" jsonb NOT NULL,
	CONSTRAINT "billing_runs_clinic_id_period_pk" PRIMARY KEY("clinic_id","period"),
	CONSTRAINT "billing_runs_period_check" CHECK ("billing_runs"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "billing_info_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "assistant_kind" text;--> statement-breakpoint
ALTER TABLE "billing_files" ADD CONSTRAINT "billing_files_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_files" ADD CONSTRAINT "billing_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_patient_months" ADD CONSTRAINT "billing_patient_months_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_patient_months" ADD CONSTRAINT "billing_patient_months_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_patient_months" ADD CONSTRAINT "billing_patient_months_patient_clinic_fk" FOREIGN KEY ("clinic_id","patient_id") REFERENCES "public"."patients"("clinic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_runs" ADD CONSTRAINT "billing_runs_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_files_clinic_period_key" ON "billing_files" USING btree ("clinic_id","period");--> statement-breakpoint
CREATE INDEX "billing_patient_months_amount_idx" ON "billing_patient_months" USING btree ("clinic_id","period","amount","patient_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_assistant_kind_check" CHECK ("users"."assistant_kind" is null or "users"."assistant_kind" in ('PTA', 'OTA'));