-- The columns block (issue 31): a block in a column names its columns block and the column (0 …).
-- Children are ordinary blocks of the page (search, where-used, the cache tags and the triggers of
-- migrations 0024-0026 follow them as any block: an insert, update or delete of a child notes its
-- page); removing a columns block removes its children.
ALTER TABLE "building_block_instances" ADD COLUMN "parent_id" uuid;
--> statement-breakpoint
ALTER TABLE "building_block_instances" ADD COLUMN "column_index" smallint;
--> statement-breakpoint
ALTER TABLE "building_block_instances" ADD CONSTRAINT "building_block_instances_parent_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."building_block_instances"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "building_block_instances" ADD CONSTRAINT "bbi_column_index_check" CHECK (("parent_id" IS NULL AND "column_index" IS NULL) OR ("parent_id" IS NOT NULL AND "column_index" BETWEEN 0 AND 2));
--> statement-breakpoint
CREATE INDEX "bbi_parent_idx" ON "building_block_instances" USING btree ("parent_id") WHERE "parent_id" IS NOT NULL;
