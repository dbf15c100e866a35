DROP INDEX "videos_library_idx";--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "ticket_expiration" bigint;--> statement-breakpoint
CREATE INDEX "videos_library_idx" ON "videos" USING btree ("clinic_id","created_at","id","owner_user_id","body_parts","purpose","position","equipment","status","ticket_expiration") WHERE "videos"."archived_at" is null;