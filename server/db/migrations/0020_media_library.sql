ALTER TABLE "media" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "alt" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "is_decorative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "caption" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "credit" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "tags" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "focal_x" real DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "focal_y" real DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "bbi_image_guid_idx" ON "building_block_instances" USING btree (("options"->>'imageGuid')) WHERE "building_block_instances"."building_block_name" = 'image';--> statement-breakpoint
CREATE INDEX "list_items_image_idx" ON "list_items" USING btree ("image_guid");--> statement-breakpoint
CREATE INDEX "media_created_idx" ON "media" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_uploaded_by_idx" ON "media" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "media_search_trgm_idx" ON "media" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Every existing image becomes an asset of the library (issue 27): its title from the file name,
-- its alt text and caption from an image block that shows it (the block's own texts stay, as
-- overrides that say the same), and the search text the library matches.
UPDATE "media" SET "title" = regexp_replace("file_name", '\.[^.]*$', '');--> statement-breakpoint
UPDATE "media" AS m SET
  "alt" = jsonb_strip_nulls(jsonb_build_object('nl', NULLIF(b."content"->'nl'->>'alt', ''), 'en', NULLIF(b."content"->'en'->>'alt', ''))),
  "caption" = jsonb_strip_nulls(jsonb_build_object('nl', NULLIF(b."content"->'nl'->>'caption', ''), 'en', NULLIF(b."content"->'en'->>'caption', '')))
FROM (
  SELECT DISTINCT ON ("options"->>'imageGuid') "options"->>'imageGuid' AS "guid", "content"
  FROM "building_block_instances"
  WHERE "building_block_name" = 'image' AND "options"->>'imageGuid' IS NOT NULL
  ORDER BY "options"->>'imageGuid', "updated_at" DESC
) AS b
WHERE b."guid" = m."id"::text;--> statement-breakpoint
UPDATE "media" SET "search_text" = lower(concat_ws(' ', "title", "file_name", "alt"->>'nl', "alt"->>'en', array_to_string("tags", ' ')));--> statement-breakpoint
-- An asset's texts, focal point and file are content visitors see (uploads run as private writes).
CREATE TRIGGER "media_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "media" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
