CREATE TABLE "machine_translations" (
	"key" text PRIMARY KEY NOT NULL,
	"from_locale" text NOT NULL,
	"to_locale" text NOT NULL,
	"translation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
