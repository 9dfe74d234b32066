DROP INDEX "media_created_idx";--> statement-breakpoint
CREATE INDEX "media_library_created_idx" ON "media" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE purpose <> 'profile';--> statement-breakpoint
CREATE INDEX "media_library_title_idx" ON "media" USING btree (lower("title"),"id") WHERE purpose <> 'profile';--> statement-breakpoint
CREATE INDEX "media_library_size_idx" ON "media" USING btree ("size" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE purpose <> 'profile';--> statement-breakpoint
CREATE INDEX "media_library_format_idx" ON "media" USING btree ("format","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE purpose <> 'profile';