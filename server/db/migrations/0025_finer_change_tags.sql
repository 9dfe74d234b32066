-- Finer cache tags (issue 29), so that publishing one page leaves the rest of the site cached:
-- * a page row whose change only shows on that page (layout, page options, who changed it last) is
--   `page:<id>`, not `*`; a change of what other answers read of it (title, description, publication,
--   visibility, editing rights, name, kind) stays `*`;
-- * a block's change also names the words it added or took away (`word:<lexeme>`, as the search
--   index stems and spells them), so a kept search answer holds unless a word that its query matches
--   came or went, or a page among its matches changed. A change search cannot follow word by word
--   (a list, widget or download block placed, moved or removed, a download's documents, very long
--   text, many blocks or words at once) is `search`.
--
-- The lexemes of a block's content in one language (the index's text: search_plain_text, with the
-- Dutch fallback), in the index's three configurations: what a query's stems are prefixes of.
CREATE FUNCTION "search_lexemes"("content" jsonb, "locale" text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT tsvector_to_array(to_tsvector('bs_simple', "words") || to_tsvector('bs_dutch', "words") || to_tsvector('bs_english', "words"))
  FROM (SELECT search_plain_text(coalesce("content" -> "locale", "content" -> 'nl')) AS "words") AS "text"
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "note_block_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "tags" text[];
  "words" text[];
  "followed" boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    "tags" := ARRAY(
      SELECT coalesce('page:' || "page_id", '*') FROM "new_rows" UNION SELECT 'block:' || "id" FROM "new_rows"
    );
    "followed" := (SELECT count(*) <= 20 AND NOT bool_or(
        "building_block_name" IN ('list', 'widget', 'download') OR length("content"::text) > 50000)
      FROM "new_rows");
    IF "followed" THEN
      "words" := ARRAY(
        SELECT DISTINCT "word" FROM "new_rows" AS "n" CROSS JOIN (VALUES ('nl'), ('en')) AS "l"("locale")
        CROSS JOIN LATERAL unnest(search_lexemes("n"."content", "l"."locale")) AS "word"
      );
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    "tags" := ARRAY(
      SELECT coalesce('page:' || "page_id", '*') FROM "old_rows" UNION SELECT 'block:' || "id" FROM "old_rows"
    );
    "followed" := (SELECT count(*) <= 20 AND NOT bool_or(
        "building_block_name" IN ('list', 'widget', 'download') OR length("content"::text) > 50000)
      FROM "old_rows");
    IF "followed" THEN
      "words" := ARRAY(
        SELECT DISTINCT "word" FROM "old_rows" AS "o" CROSS JOIN (VALUES ('nl'), ('en')) AS "l"("locale")
        CROSS JOIN LATERAL unnest(search_lexemes("o"."content", "l"."locale")) AS "word"
      );
    END IF;
  ELSE
    -- A block moved to another page changes both.
    "tags" := ARRAY(
      SELECT coalesce('page:' || "page_id", '*') FROM "new_rows"
      UNION SELECT coalesce('page:' || "page_id", '*') FROM "old_rows"
      UNION SELECT 'block:' || "id" FROM "new_rows"
    );
    "followed" := (SELECT count(*) <= 20 AND NOT bool_or(
        length("n"."content"::text) > 50000 OR length("o"."content"::text) > 50000
        OR (("n"."building_block_name" IN ('list', 'widget', 'download') OR "o"."building_block_name" IN ('list', 'widget', 'download'))
          AND ("n"."page_id" IS DISTINCT FROM "o"."page_id" OR "n"."building_block_name" <> "o"."building_block_name"
            OR ("n"."building_block_name" = 'download' AND "n"."options" IS DISTINCT FROM "o"."options"))))
      FROM "new_rows" AS "n" JOIN "old_rows" AS "o" USING ("id"));
    IF "followed" THEN
      -- Words that came or went; all of a moved block's words (its new page may now match them).
      "words" := ARRAY(
        WITH "pairs" AS (
          SELECT "n"."page_id" IS NOT DISTINCT FROM "o"."page_id" AS "stays",
            search_lexemes("n"."content", "l"."locale") AS "after",
            search_lexemes("o"."content", "l"."locale") AS "before"
          FROM "new_rows" AS "n" JOIN "old_rows" AS "o" USING ("id")
          CROSS JOIN (VALUES ('nl'), ('en')) AS "l"("locale")
          WHERE "n"."content" IS DISTINCT FROM "o"."content" OR "n"."page_id" IS DISTINCT FROM "o"."page_id"
        )
        SELECT DISTINCT "word" FROM "pairs" AS "p" CROSS JOIN LATERAL (
          (SELECT unnest("p"."after") EXCEPT SELECT unnest(CASE WHEN "p"."stays" THEN "p"."before" ELSE '{}' END))
          UNION
          (SELECT unnest("p"."before") EXCEPT SELECT unnest(CASE WHEN "p"."stays" THEN "p"."after" ELSE '{}' END))
        ) AS "changed"("word")
      );
    END IF;
  END IF;
  IF cardinality("tags") = 0 THEN
    RETURN NULL; -- a statement that changed no row changed nothing
  END IF;
  IF "followed" IS NOT TRUE OR cardinality("words") > 200 THEN
    "tags" := "tags" || ARRAY['search'];
  ELSE
    "tags" := "tags" || ARRAY(SELECT 'word:' || "word" FROM unnest("words") AS "word");
  END IF;
  PERFORM "note_content_change"("tags");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A page row's change: `page:<id>` when only what that page shows changed, else `*`.
CREATE FUNCTION "note_page_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "new_rows" AS "n" LEFT JOIN "old_rows" AS "o" USING ("id")
    WHERE "o"."id" IS NULL
      OR ("n"."name", "n"."kind", "n"."title", "n"."description", "n"."is_published", "n"."edit_permission",
          "n"."edit_roles", "n"."role_ids", "n"."template_kind")
        IS DISTINCT FROM ("o"."name", "o"."kind", "o"."title", "o"."description", "o"."is_published",
          "o"."edit_permission", "o"."edit_roles", "o"."role_ids", "o"."template_kind")
  ) OR (SELECT count(*) FROM "old_rows") <> (SELECT count(*) FROM "new_rows") THEN
    PERFORM "note_content_change"(ARRAY['*']);
  ELSE
    PERFORM "note_content_change"(ARRAY(SELECT 'page:' || "id" FROM "new_rows"));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "pages_content_version" ON "pages";
--> statement-breakpoint
CREATE TRIGGER "pages_content_insert" AFTER INSERT ON "pages" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_rows_change"('*');
--> statement-breakpoint
CREATE TRIGGER "pages_content_update" AFTER UPDATE ON "pages" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_page_change"();
--> statement-breakpoint
CREATE TRIGGER "pages_content_delete" AFTER DELETE ON "pages" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_rows_change"('*');
--> statement-breakpoint
CREATE TRIGGER "pages_content_truncate" AFTER TRUNCATE ON "pages" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
