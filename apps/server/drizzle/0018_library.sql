-- Issue 11, the exercise library: folders and what they hold, stored analytics calls, and the
-- video columns for uploads (size, type), the catalogue (level, photos) and search. A catalogue
-- row's search_vector is written on start by loadExerciseCatalogue; `deleted_at` becomes
-- `archived_at`, which says what it means (a video a program holds, out of the library).
CREATE TABLE "analytics_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"button_type" text,
	"patient_id" integer,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_folder_videos" (
	"folder_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_folder_videos_folder_id_video_id_pk" PRIMARY KEY("folder_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "library_folders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "library_folders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"owner_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "size_bytes" bigint;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "mime_type" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "frame_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_folder_videos" ADD CONSTRAINT "library_folder_videos_folder_id_library_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."library_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_folder_videos" ADD CONSTRAINT "library_folder_videos_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_folder_videos" ADD CONSTRAINT "library_folder_videos_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_folders" ADD CONSTRAINT "library_folders_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_folders" ADD CONSTRAINT "library_folders_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_clinic_kind_idx" ON "analytics_events" USING btree ("clinic_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "library_folder_videos_video_idx" ON "library_folder_videos" USING btree ("video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "library_folders_owner_name_key" ON "library_folders" USING btree ("owner_user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "library_folders_clinic_shared_idx" ON "library_folders" USING btree ("clinic_id","is_shared");--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_owner_idx" ON "videos" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "videos_search_idx" ON "videos" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_catalogue_entry_key" ON "videos" USING btree ("external_id") WHERE "videos"."clinic_id" is null;--> statement-breakpoint
CREATE INDEX "videos_catalogue_title_idx" ON "videos" USING btree (lower("title"),"id") WHERE "videos"."clinic_id" is null;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_status_check" CHECK ("videos"."status" in ('uploading', 'processing', 'ready', 'failed'));--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_body_parts_check" CHECK ("videos"."body_parts" in ('Neck', 'Shoulder', 'Back', 'Hip and glutes', 'Knee and thigh', 'Ankle and calf', 'Core', 'Arm, chest and wrist', 'Full body', 'Other'));--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_purpose_check" CHECK ("videos"."purpose" in ('Strength', 'Stretching', 'Mobility', 'Balance', 'Endurance', 'Cardio', 'Plyometrics', 'Powerlifting', 'Olympic weightlifting', 'Strongman', 'Other'));--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_position_check" CHECK ("videos"."position" in ('Standing', 'Sitting', 'Lying on back', 'Lying on stomach', 'Side lying', 'Kneeling', 'Hands and knees', 'Other'));--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_equipment_check" CHECK ("videos"."equipment" in ('-', 'None', 'Body only', 'Bands', 'Dumbbell', 'Barbell', 'Kettlebells', 'Cable', 'Machine', 'Medicine ball', 'Exercise ball', 'Foam roll', 'E-z curl bar', 'Chair', 'Step', 'Towel', 'Other'));--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_sets_reps_check" CHECK ("videos"."sets" >= 1 and "videos"."reps" >= 1);--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_catalogue_check" CHECK ("videos"."clinic_id" is not null or ("videos"."owner_user_id" is null and "videos"."archived_at" is null));--> statement-breakpoint
-- A catalogue poster is its first photo, served from the shipped assets (playback.service.ts).
UPDATE "videos" SET "thumbnail_key" = NULL WHERE "clinic_id" IS NULL;--> statement-breakpoint
UPDATE "videos" SET "archived_at" = "deleted_at" WHERE "deleted_at" IS NOT NULL AND "clinic_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" DROP COLUMN "deleted_at";--> statement-breakpoint
DROP INDEX "videos_clinic_idx";--> statement-breakpoint
CREATE INDEX "videos_library_idx" ON "videos" USING btree ("clinic_id","created_at","id","owner_user_id","body_parts","purpose","position","equipment") WHERE "videos"."archived_at" is null;