CREATE TABLE "trash_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"title" jsonb NOT NULL,
	"deleted_by" uuid,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"snapshot" jsonb NOT NULL,
	"file_keys" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "trash_entries_deleted_at_idx" ON "trash_entries" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "trash_entries_file_keys_idx" ON "trash_entries" USING gin ("file_keys");