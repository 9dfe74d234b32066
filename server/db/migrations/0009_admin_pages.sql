-- Admin pages (issue 10): who last changed a page (no foreign key: an erased account's pages keep
-- the id and show "removed user"), which kind of template a template is, and the indexes of the
-- admin table of all pages (sorted by title or last change, 10,000 pages) and of deleting a page.
ALTER TABLE "pages" ADD COLUMN "updated_by" uuid;
--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "template_kind" text;
--> statement-breakpoint
UPDATE "pages" SET "template_kind" = CASE WHEN "name" LIKE '%footer%' THEN 'footer' ELSE 'header' END WHERE "kind" = 'template';
--> statement-breakpoint
CREATE INDEX "pages_kind_title_idx" ON "pages" USING btree ("kind", lower("title"->>'nl'));
--> statement-breakpoint
CREATE INDEX "pages_kind_updated_idx" ON "pages" USING btree ("kind", "updated_at");
--> statement-breakpoint
CREATE INDEX "menu_items_page_idx" ON "menu_items" USING btree ("page_id");
