-- Cache tags (issue 29): the owners of an image or document (who may see it: the pages and items
-- that use it, migration 0024's `GET /a/{guid}`) are kept across versions that changed none of its
-- uses. A change that can add or take away a use is `media-uses`:
-- * a block placed with an asset named in its options or content, or removed (it may have owned an
--   upload), or changed so that the assets it names differ, or moved to another page;
-- * a page whose options name other assets (its social image).
-- Items are `items` already; header images, settings and media rows are `*`.
--
-- The assets (any guid) a block's or page's json names, in order, without repeats.
CREATE FUNCTION "named_guids"("value" jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT lower("m"[1]) ORDER BY lower("m"[1])), '{}')
  FROM regexp_matches(coalesce("value"::text, ''), '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})', 'gi') AS "m"
$$;
--> statement-breakpoint
CREATE FUNCTION "note_block_media_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM "new_rows" WHERE cardinality(named_guids("options") || named_guids("content")) > 0) THEN
      PERFORM "note_content_change"(ARRAY['media-uses']);
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM "old_rows") THEN
      PERFORM "note_content_change"(ARRAY['media-uses']);
    END IF;
  ELSIF EXISTS (
    SELECT 1 FROM "new_rows" AS "n" JOIN "old_rows" AS "o" USING ("id")
    WHERE "n"."page_id" IS DISTINCT FROM "o"."page_id"
      OR ("n"."options" IS DISTINCT FROM "o"."options" AND named_guids("n"."options") <> named_guids("o"."options"))
      OR ("n"."content" IS DISTINCT FROM "o"."content" AND named_guids("n"."content") <> named_guids("o"."content"))
  ) THEN
    PERFORM "note_content_change"(ARRAY['media-uses']);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "note_page_media_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "new_rows" AS "n" JOIN "old_rows" AS "o" USING ("id")
    WHERE "n"."options" IS DISTINCT FROM "o"."options" AND named_guids("n"."options") <> named_guids("o"."options")
  ) THEN
    PERFORM "note_content_change"(ARRAY['media-uses']);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bbi_media_insert" AFTER INSERT ON "building_block_instances" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_block_media_change"();
--> statement-breakpoint
CREATE TRIGGER "bbi_media_update" AFTER UPDATE ON "building_block_instances" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_block_media_change"();
--> statement-breakpoint
CREATE TRIGGER "bbi_media_delete" AFTER DELETE ON "building_block_instances" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_block_media_change"();
--> statement-breakpoint
CREATE TRIGGER "pages_media_update" AFTER UPDATE ON "pages" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_page_media_change"();
