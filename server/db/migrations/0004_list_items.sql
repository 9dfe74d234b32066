-- Search needs pg_trgm (typo fallback) and unaccent (accent-insensitive text search configurations).
-- start-up creates them too; here they make the migration complete on its own.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE TABLE "list_item_parents" (
	"item_id" uuid NOT NULL,
	"parent_guid" uuid NOT NULL,
	"published_on" timestamp with time zone NOT NULL,
	CONSTRAINT "list_item_parents_item_id_parent_guid_pk" PRIMARY KEY("item_id","parent_guid")
);
--> statement-breakpoint
CREATE TABLE "list_item_types" (
	"name" text PRIMARY KEY NOT NULL,
	"label" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"short_id" text NOT NULL,
	"block_id" uuid NOT NULL,
	"list_item_type_name" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb DEFAULT '{"nl":""}'::jsonb NOT NULL,
	"content" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_on" timestamp with time zone DEFAULT now() NOT NULL,
	"period_end" timestamp with time zone,
	"highlight" boolean DEFAULT false NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"sort_id" integer DEFAULT 0 NOT NULL,
	"image_guid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_dirty" (
	"kind" text NOT NULL,
	"ref_id" uuid NOT NULL,
	"seq" bigserial NOT NULL,
	CONSTRAINT "search_dirty_kind_ref_id_pk" PRIMARY KEY("kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "search_documents" (
	"kind" text NOT NULL,
	"ref_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"config" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"title_norm" text NOT NULL,
	"tsv" "tsvector" NOT NULL,
	CONSTRAINT "search_documents_kind_ref_id_locale_pk" PRIMARY KEY("kind","ref_id","locale")
);
--> statement-breakpoint
ALTER TABLE "list_item_parents" ADD CONSTRAINT "list_item_parents_item_id_list_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."list_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_items" ADD CONSTRAINT "list_items_block_id_building_block_instances_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."building_block_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_items" ADD CONSTRAINT "list_items_list_item_type_name_list_item_types_name_fk" FOREIGN KEY ("list_item_type_name") REFERENCES "public"."list_item_types"("name") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "list_item_parents_parent_idx" ON "list_item_parents" USING btree ("parent_guid","published_on" DESC NULLS LAST,"item_id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "list_items_short_id_unique" ON "list_items" USING btree ("short_id");--> statement-breakpoint
-- Covering the visibility columns: counts and deep pages of a list are index-only scans.
CREATE INDEX "list_items_block_published_idx" ON "list_items" USING btree ("block_id","published_on" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("is_published","period_end","highlight","list_item_type_name");--> statement-breakpoint
-- Visibility columns by id: items joined from list_item_parents are filtered without reading the rows.
CREATE UNIQUE INDEX "list_items_visibility_idx" ON "list_items" USING btree ("id") INCLUDE ("block_id","is_published","published_on","period_end","highlight","list_item_type_name");--> statement-breakpoint
CREATE INDEX "list_items_block_sort_idx" ON "list_items" USING btree ("block_id","sort_id");--> statement-breakpoint
CREATE INDEX "list_items_block_type_idx" ON "list_items" USING btree ("block_id","list_item_type_name","published_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_documents_tsv_idx" ON "search_documents" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "search_documents_title_trgm_idx" ON "search_documents" USING gin ("title_norm" gin_trgm_ops);

--> statement-breakpoint
-- Text search configurations: Dutch and English stemming after unaccent, so "cafe" finds "café".
-- to_tsvector(regconfig, text) stays IMMUTABLE with them (unaccent() the function is not).
CREATE TEXT SEARCH CONFIGURATION "bs_dutch" (COPY = pg_catalog.dutch);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "bs_dutch" ALTER MAPPING FOR hword, hword_part, word WITH unaccent, dutch_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION "bs_english" (COPY = pg_catalog.english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "bs_english" ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
--> statement-breakpoint
-- Unstemmed words too (documents get both): Dutch stems differ across forms ("fiets" → fiet,
-- "fietsen" → fiets), so a query stem is matched as a prefix against stemmed and unstemmed words.
CREATE TEXT SEARCH CONFIGURATION "bs_simple" (COPY = pg_catalog.simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "bs_simple" ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
--> statement-breakpoint
-- The readable text of a block's content in one language (rich text nodes, titles, labels, captions, alt texts).
CREATE FUNCTION "search_plain_text"(value jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(part #>> '{}', ' '), '')
  FROM (
    SELECT jsonb_path_query(value, 'strict $.**.title ? (@.type() == "string")') AS part
    UNION ALL SELECT jsonb_path_query(value, 'strict $.**.label ? (@.type() == "string")')
    UNION ALL SELECT jsonb_path_query(value, 'strict $.**.text ? (@.type() == "string")')
    UNION ALL SELECT jsonb_path_query(value, 'strict $.**.caption ? (@.type() == "string")')
    UNION ALL SELECT jsonb_path_query(value, 'strict $.**.alt ? (@.type() == "string")')
  ) parts
$$;
--> statement-breakpoint
-- Marks changed pages and items for the search index (statement-level: a bulk insert costs one statement).
CREATE FUNCTION "search_mark_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_dirty" ("kind", "ref_id") SELECT DISTINCT 'item', "id" FROM changed_rows
  ON CONFLICT ("kind", "ref_id") DO UPDATE SET "seq" = DEFAULT;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "search_mark_pages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_dirty" ("kind", "ref_id") SELECT DISTINCT 'page', "id" FROM changed_rows
  ON CONFLICT ("kind", "ref_id") DO UPDATE SET "seq" = DEFAULT;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "search_mark_block_pages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_dirty" ("kind", "ref_id")
  SELECT DISTINCT 'page', "page_id" FROM changed_rows WHERE "page_id" IS NOT NULL
  ON CONFLICT ("kind", "ref_id") DO UPDATE SET "seq" = DEFAULT;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "list_items_search_insert" AFTER INSERT ON "list_items" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_items"();
--> statement-breakpoint
CREATE TRIGGER "list_items_search_update" AFTER UPDATE ON "list_items" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_items"();
--> statement-breakpoint
CREATE TRIGGER "list_items_search_delete" AFTER DELETE ON "list_items" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_items"();
--> statement-breakpoint
CREATE TRIGGER "pages_search_insert" AFTER INSERT ON "pages" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_pages"();
--> statement-breakpoint
CREATE TRIGGER "pages_search_update" AFTER UPDATE ON "pages" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_pages"();
--> statement-breakpoint
CREATE TRIGGER "pages_search_delete" AFTER DELETE ON "pages" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_pages"();
--> statement-breakpoint
CREATE TRIGGER "bbi_search_insert" AFTER INSERT ON "building_block_instances" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_block_pages"();
--> statement-breakpoint
CREATE TRIGGER "bbi_search_update_new" AFTER UPDATE ON "building_block_instances" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_block_pages"();
--> statement-breakpoint
-- A block moved to another page leaves the old page's text behind: mark the old page too.
CREATE TRIGGER "bbi_search_update_old" AFTER UPDATE ON "building_block_instances" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_block_pages"();
--> statement-breakpoint
CREATE TRIGGER "bbi_search_delete" AFTER DELETE ON "building_block_instances" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_block_pages"();
--> statement-breakpoint
-- Pages that exist before this migration are indexed by the first search.
INSERT INTO "search_dirty" ("kind", "ref_id") SELECT 'page', "id" FROM "pages";
--> statement-breakpoint
-- list_item_parents.published_on mirrors the item's, for the parent + date index.
CREATE FUNCTION "list_item_parents_sync_published_on"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "list_item_parents" SET "published_on" = NEW."published_on" WHERE "item_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "list_items_parents_published_on" AFTER UPDATE OF "published_on" ON "list_items" FOR EACH ROW WHEN (OLD."published_on" IS DISTINCT FROM NEW."published_on") EXECUTE FUNCTION "list_item_parents_sync_published_on"();
--> statement-breakpoint
-- Visitors' caches refresh when lists change (see 0002_content_version.sql).
CREATE TRIGGER "list_items_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "list_items" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "list_item_parents_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "list_item_parents" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "list_item_types_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "list_item_types" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
