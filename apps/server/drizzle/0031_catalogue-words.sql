CREATE TABLE "catalogue_words" (
	"word" text PRIMARY KEY NOT NULL
);
