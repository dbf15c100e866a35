ALTER TABLE "users" ALTER COLUMN "approval_status" SET DEFAULT 'approved';--> statement-breakpoint
-- Hand-added: every account made before staff approval existed keeps its access (no column was
-- ever written, so NULL means approved), and SET NOT NULL below needs no NULL left.
UPDATE "users" SET "approval_status" = 'approved' WHERE "approval_status" IS NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "approval_status" SET NOT NULL;
