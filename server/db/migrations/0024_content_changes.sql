-- Cache tags (issue 29): besides the one content version, a log of what each version changed, so a
-- node that sees a newer version drops only the cached answers built from what changed. One row
-- per version (one bump per transaction, 0006): the tags of every public write in that
-- transaction. A tag is `page:<id>` (a page's or template's blocks), `block:<id>` (one block),
-- `items` (list items), or `*` (anything else: every answer depends on it). A version without a row (a restore, SQL that bypassed the triggers) counts as `*`.
CREATE TABLE "content_changes" (
  "version" bigint PRIMARY KEY,
  "tags" text[] NOT NULL
);
--> statement-breakpoint
-- Notes a public write: bumps the version once per transaction (as bump_content_version did) and
-- adds the tags to that version's row. Private writes (bouwsteen.write_scope) note nothing.
CREATE FUNCTION "note_content_change"("changed" text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "current" bigint;
BEGIN
  IF current_setting('bouwsteen.write_scope', true) = 'private' OR "changed" IS NULL OR cardinality("changed") = 0 THEN
    RETURN;
  END IF;
  IF current_setting('bouwsteen.content_bumped', true) IS DISTINCT FROM 'on' THEN
    UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO "current";
    PERFORM set_config('bouwsteen.content_bumped', 'on', true);
    -- The log keeps the last 10,000 versions; a node further behind drops everything.
    DELETE FROM "content_changes" WHERE "version" <= "current" - 10000;
  ELSE
    SELECT "version" INTO "current" FROM "content_version" WHERE "id" = 1;
  END IF;
  INSERT INTO "content_changes" ("version", "tags") VALUES ("current", "changed")
  ON CONFLICT ("version") DO UPDATE SET "tags" = ARRAY(
    SELECT DISTINCT "tag" FROM unnest("content_changes"."tags" || EXCLUDED."tags") AS "tag"
  );
END;
$$;
--> statement-breakpoint
-- Every table visitors see that has no finer tags: any change is `*`.
CREATE OR REPLACE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "note_content_change"(ARRAY['*']);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Blocks: the pages (and templates) they are on, and the blocks themselves (a list's answers name
-- their block). A block without a page is `*`.
CREATE FUNCTION "note_block_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "note_content_change"(ARRAY(
      SELECT coalesce('page:' || "page_id", '*') FROM "new_rows" UNION SELECT 'block:' || "id" FROM "new_rows"
    ));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "note_content_change"(ARRAY(
      SELECT coalesce('page:' || "page_id", '*') FROM "old_rows" UNION SELECT 'block:' || "id" FROM "old_rows"
    ));
  ELSE
    -- A block moved to another page changes both.
    PERFORM "note_content_change"(ARRAY(
      SELECT coalesce('page:' || "page_id", '*') FROM "new_rows"
      UNION SELECT coalesce('page:' || "page_id", '*') FROM "old_rows"
      UNION SELECT 'block:' || "id" FROM "new_rows"
    ));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Tables whose changes carry one tag (the trigger's argument), noted only when a row changed: list
-- items and their parents `items` (what a list shows can depend on items of other lists, and any
-- page may link to an item, so this is one tag, not one per list); item types `*` (labels show
-- everywhere; every new item makes sure of its type with an insert that usually adds nothing).
CREATE FUNCTION "note_rows_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each transition table is named only where the trigger has it (a statement naming a missing one
  -- fails, whatever the branch around it).
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM "old_rows") THEN
      PERFORM "note_content_change"(ARRAY[TG_ARGV[0]]);
    END IF;
  ELSIF EXISTS (SELECT 1 FROM "new_rows") THEN
    PERFORM "note_content_change"(ARRAY[TG_ARGV[0]]);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "list_item_types_content_version" ON "list_item_types";
--> statement-breakpoint
CREATE TRIGGER "list_item_types_content_insert" AFTER INSERT ON "list_item_types" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_rows_change"('*');
--> statement-breakpoint
CREATE TRIGGER "list_item_types_content_update" AFTER UPDATE ON "list_item_types" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_rows_change"('*');
--> statement-breakpoint
CREATE TRIGGER "list_item_types_content_delete" AFTER DELETE ON "list_item_types" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_rows_change"('*');
--> statement-breakpoint
CREATE TRIGGER "list_item_types_content_truncate" AFTER TRUNCATE ON "list_item_types" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
DROP TRIGGER "bbi_content_version" ON "building_block_instances";
--> statement-breakpoint
CREATE TRIGGER "bbi_content_insert" AFTER INSERT ON "building_block_instances" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_block_change"();
--> statement-breakpoint
CREATE TRIGGER "bbi_content_update" AFTER UPDATE ON "building_block_instances" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_block_change"();
--> statement-breakpoint
CREATE TRIGGER "bbi_content_delete" AFTER DELETE ON "building_block_instances" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_block_change"();
--> statement-breakpoint
CREATE TRIGGER "bbi_content_truncate" AFTER TRUNCATE ON "building_block_instances" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
DROP TRIGGER "list_items_content_version" ON "list_items";
--> statement-breakpoint
CREATE TRIGGER "list_items_content_insert" AFTER INSERT ON "list_items" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_rows_change"('items');
--> statement-breakpoint
CREATE TRIGGER "list_items_content_update" AFTER UPDATE ON "list_items" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_rows_change"('items');
--> statement-breakpoint
CREATE TRIGGER "list_items_content_delete" AFTER DELETE ON "list_items" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_rows_change"('items');
--> statement-breakpoint
CREATE TRIGGER "list_items_content_truncate" AFTER TRUNCATE ON "list_items" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
DROP TRIGGER "list_item_parents_content_version" ON "list_item_parents";
--> statement-breakpoint
CREATE TRIGGER "list_item_parents_content_insert" AFTER INSERT ON "list_item_parents" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_rows_change"('items');
--> statement-breakpoint
CREATE TRIGGER "list_item_parents_content_update" AFTER UPDATE ON "list_item_parents" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_rows_change"('items');
--> statement-breakpoint
CREATE TRIGGER "list_item_parents_content_delete" AFTER DELETE ON "list_item_parents" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_rows_change"('items');
--> statement-breakpoint
CREATE TRIGGER "list_item_parents_content_truncate" AFTER TRUNCATE ON "list_item_parents" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
