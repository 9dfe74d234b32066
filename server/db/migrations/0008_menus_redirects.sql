-- Menus and redirects (issue 10). A menu item's parent is another item of the same menu; deleting
-- an item deletes the items under it.
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "menu_items"("id") ON DELETE CASCADE;
--> statement-breakpoint
-- SPEC 5: a urlSegment is unique among its siblings (top-level items are siblings too).
CREATE UNIQUE INDEX "menu_items_sibling_segment_unique" ON "menu_items" ("menu_id", COALESCE("parent_id", '00000000-0000-0000-0000-000000000000'::uuid), "url_segment");
--> statement-breakpoint
-- Old paths that answer 301 to where their page went (a changed segment, a moved item), and
-- redirects an admin made.
CREATE TABLE "redirects" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "from_path" text NOT NULL,
  "to_path" text NOT NULL,
  "created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "redirects_from_path_unique" ON "redirects" ("from_path");
--> statement-breakpoint
CREATE INDEX "redirects_to_path_idx" ON "redirects" ("to_path");
--> statement-breakpoint
CREATE TRIGGER "redirects_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "redirects" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
