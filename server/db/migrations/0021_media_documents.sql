ALTER TABLE "media" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "document_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "has_script" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "thumbnail_hash" text;