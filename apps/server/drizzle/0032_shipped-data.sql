CREATE TABLE "shipped_data" (
	"name" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL
);
