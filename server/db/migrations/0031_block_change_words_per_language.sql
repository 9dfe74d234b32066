-- A block's changed words (issue 29) only for the languages whose text changed: search_lexemes reads
-- coalesce(content -> locale, content -> 'nl'), so a language whose text is the same before and after
-- has the same words. An edit of the Dutch text of a block that also has English computed four
-- search_lexemes (12 to_tsvector) where two do: about 1.5 ms of the edit's statement on PGlite.
-- The function is otherwise 0030's.
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
        "building_block_name" IN ('list', 'widget', 'download', 'reusable') OR length("content"::text) > 50000)
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
        "building_block_name" IN ('list', 'widget', 'download', 'reusable') OR length("content"::text) > 50000)
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
        OR (("n"."building_block_name" IN ('list', 'widget', 'download', 'reusable') OR "o"."building_block_name" IN ('list', 'widget', 'download', 'reusable'))
          AND ("n"."page_id" IS DISTINCT FROM "o"."page_id" OR "n"."building_block_name" <> "o"."building_block_name"
            OR ("n"."building_block_name" IN ('download', 'reusable') AND "n"."options" IS DISTINCT FROM "o"."options"))))
      FROM "new_rows" AS "n" JOIN "old_rows" AS "o" USING ("id"));
    IF "followed" THEN
      -- Words that came or went; all of a moved block's words (its new page may now match them).
      "words" := ARRAY(
        WITH "pairs" AS MATERIALIZED (
          SELECT "n"."page_id" IS NOT DISTINCT FROM "o"."page_id" AS "stays",
            search_lexemes("n"."content", "l"."locale") AS "after",
            search_lexemes("o"."content", "l"."locale") AS "before"
          FROM "new_rows" AS "n" JOIN "old_rows" AS "o" USING ("id")
          CROSS JOIN (VALUES ('nl'), ('en')) AS "l"("locale")
          WHERE "n"."page_id" IS DISTINCT FROM "o"."page_id"
            OR coalesce("n"."content" -> "l"."locale", "n"."content" -> 'nl')
              IS DISTINCT FROM coalesce("o"."content" -> "l"."locale", "o"."content" -> 'nl')
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
