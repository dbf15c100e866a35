CREATE TABLE "program_template_items" (
	"template_id" integer NOT NULL,
	"position" integer NOT NULL,
	"video_id" integer NOT NULL,
	"sets" integer NOT NULL,
	"reps" integer NOT NULL,
	"hold_seconds" integer,
	CONSTRAINT "program_template_items_template_id_position_pk" PRIMARY KEY("template_id","position"),
	CONSTRAINT "program_template_items_dose_check" CHECK ("program_template_items"."sets" between 1 and 100 and "program_template_items"."reps" between 1 and 100 and "program_template_items"."hold_seconds" between 1 and 600)
);
--> statement-breakpoint
CREATE TABLE "program_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "program_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer,
	"shipped_key" text,
	"author_user_id" integer,
	"name" text NOT NULL,
	"condition" text NOT NULL,
	"phase" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_templates_condition_check" CHECK ("program_templates"."condition" in ('knee-osteoarthritis', 'knee-replacement', 'acl-reconstruction', 'patellofemoral-pain', 'hip-osteoarthritis', 'hip-replacement', 'low-back-pain', 'neck-pain', 'shoulder-impingement', 'rotator-cuff-repair', 'frozen-shoulder', 'ankle-sprain', 'plantar-fasciitis', 'falls-prevention', 'posture')),
	CONSTRAINT "program_templates_phase_check" CHECK ("program_templates"."phase" in ('early', 'middle', 'late')),
	CONSTRAINT "program_templates_shipped_check" CHECK (("program_templates"."clinic_id" is null) = ("program_templates"."shipped_key" is not null) and ("program_templates"."clinic_id" is not null or "program_templates"."author_user_id" is null))
);
--> statement-breakpoint
ALTER TABLE "program_template_items" ADD CONSTRAINT "program_template_items_template_id_program_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."program_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_template_items" ADD CONSTRAINT "program_template_items_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_templates" ADD CONSTRAINT "program_templates_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_templates" ADD CONSTRAINT "program_templates_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "program_template_items_video_idx" ON "program_template_items" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "program_templates_clinic_idx" ON "program_templates" USING btree ("clinic_id","condition","phase");--> statement-breakpoint
CREATE UNIQUE INDEX "program_templates_shipped_key" ON "program_templates" USING btree ("shipped_key") WHERE "program_templates"."clinic_id" is null;