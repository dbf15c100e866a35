-- The staff list is searched, ordered and paged in SQL: each account carries the words of its
-- name (accountSearchColumns, the patients' normaliser). Existing accounts keep search_name null
-- until the server fills it on start (refreshAccountSearch): SQL cannot repeat the TypeScript
-- normaliser exactly for every letter.
ALTER TABLE "users" ADD COLUMN "search_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sort_name" text DEFAULT '' NOT NULL;
