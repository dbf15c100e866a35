CREATE TABLE "catalogue_exercises" (
	"id" text PRIMARY KEY NOT NULL,
	"entry" jsonb NOT NULL,
	"movement" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" DROP CONSTRAINT "videos_equipment_check";--> statement-breakpoint
DROP INDEX "videos_catalogue_title_idx";--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "hold_seconds" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "collection" text;--> statement-breakpoint
-- Until issue 32 the shared catalogue was the fitness data set alone; the PT collection loads on start.
UPDATE "videos" SET "collection" = 'strength-and-conditioning' WHERE "clinic_id" IS NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "movement_id" text;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_movement_id_catalogue_exercises_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."catalogue_exercises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_movement_idx" ON "videos" USING btree ("movement_id");--> statement-breakpoint
CREATE INDEX "videos_catalogue_title_idx" ON "videos" USING btree (("collection" <> 'physical-therapy'),lower("title"),"id") WHERE "videos"."clinic_id" is null;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_hold_seconds_check" CHECK ("videos"."hold_seconds" between 1 and 600);--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_collection_check" CHECK ("videos"."collection" in ('physical-therapy', 'strength-and-conditioning'));--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_equipment_check" CHECK ("videos"."equipment" in ('-', 'None', 'Body only', 'Bands', 'Dumbbell', 'Barbell', 'Kettlebells', 'Cable', 'Machine', 'Medicine ball', 'Exercise ball', 'Foam roll', 'E-z curl bar', 'Chair', 'Step', 'Towel', 'Wall', 'Counter', 'Doorway', 'Bed', 'Mat', 'Stick', 'Weight', 'Other'));