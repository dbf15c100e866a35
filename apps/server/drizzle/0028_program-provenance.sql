ALTER TABLE "hep_item_events" ADD COLUMN "part_of" bigint;--> statement-breakpoint
ALTER TABLE "hep_items" ADD COLUMN "approval_request_id" integer;--> statement-breakpoint
ALTER TABLE "hep_item_events" ADD CONSTRAINT "hep_item_events_part_of_hep_item_events_id_fk" FOREIGN KEY ("part_of") REFERENCES "public"."hep_item_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hep_items" ADD CONSTRAINT "hep_items_approval_request_id_hep_approval_requests_id_fk" FOREIGN KEY ("approval_request_id") REFERENCES "public"."hep_approval_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hep_item_events_part_of_idx" ON "hep_item_events" USING btree ("part_of") WHERE "hep_item_events"."part_of" is not null;