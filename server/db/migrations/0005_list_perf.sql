DROP INDEX "list_item_parents_parent_idx";--> statement-breakpoint
DROP INDEX "search_documents_tsv_idx";--> statement-breakpoint
ALTER TABLE "list_item_parents" ADD COLUMN "block_id" uuid;--> statement-breakpoint
ALTER TABLE "list_item_parents" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "list_item_parents" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "search_documents_tsv_nl_idx" ON "search_documents" USING gin ("tsv") WHERE "search_documents"."locale" = 'nl';--> statement-breakpoint
CREATE INDEX "search_documents_tsv_en_idx" ON "search_documents" USING gin ("tsv") WHERE "search_documents"."locale" = 'en';--> statement-breakpoint
-- The item's block and visibility columns, mirrored beside published_on (existing rows first).
UPDATE "list_item_parents" p SET "block_id" = i."block_id", "is_published" = i."is_published", "period_end" = i."period_end", "published_on" = i."published_on"
FROM "list_items" i WHERE i."id" = p."item_id";
--> statement-breakpoint
-- A list filtered by one parent, newest first: filtering and paging (also deep) read this index only.
CREATE INDEX "list_item_parents_visible_idx" ON "list_item_parents" USING btree ("parent_guid","published_on" DESC NULLS LAST,"item_id" DESC NULLS LAST) INCLUDE ("block_id","is_published","period_end");
--> statement-breakpoint
-- A new parent row takes the mirrored columns from its item, whoever inserts it.
-- (An unknown item leaves the row as given: the foreign key then refuses it.)
CREATE FUNCTION "list_item_parents_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item record;
BEGIN
  SELECT i."block_id", i."is_published", i."period_end", i."published_on" INTO item
  FROM "list_items" i WHERE i."id" = NEW."item_id";
  IF FOUND THEN
    NEW."block_id" := item."block_id";
    NEW."is_published" := item."is_published";
    NEW."period_end" := item."period_end";
    NEW."published_on" := item."published_on";
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "list_item_parents_fill" BEFORE INSERT ON "list_item_parents" FOR EACH ROW EXECUTE FUNCTION "list_item_parents_fill"();
--> statement-breakpoint
-- An item's change reaches its parent rows (0004 followed published_on only).
DROP TRIGGER "list_items_parents_published_on" ON "list_items";
--> statement-breakpoint
DROP FUNCTION "list_item_parents_sync_published_on"();
--> statement-breakpoint
CREATE FUNCTION "list_item_parents_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "list_item_parents" SET "published_on" = NEW."published_on", "block_id" = NEW."block_id",
    "is_published" = NEW."is_published", "period_end" = NEW."period_end"
  WHERE "item_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "list_items_parents_sync" AFTER UPDATE OF "published_on", "block_id", "is_published", "period_end" ON "list_items" FOR EACH ROW WHEN (OLD."published_on" IS DISTINCT FROM NEW."published_on" OR OLD."block_id" IS DISTINCT FROM NEW."block_id" OR OLD."is_published" IS DISTINCT FROM NEW."is_published" OR OLD."period_end" IS DISTINCT FROM NEW."period_end") EXECUTE FUNCTION "list_item_parents_sync"();
