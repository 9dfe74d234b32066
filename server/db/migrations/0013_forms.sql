CREATE TABLE "form_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"user_id" uuid,
	"browser_token" text,
	"client_hash" text,
	"answers" jsonb NOT NULL,
	"locale" text NOT NULL,
	"list_item_id" uuid,
	"handled_at" timestamp with time zone,
	"handled_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_versions" (
	"form_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid,
	CONSTRAINT "form_versions_form_id_version_pk" PRIMARY KEY("form_id","version")
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"settings" jsonb NOT NULL,
	"draft" jsonb NOT NULL,
	"current_version" integer,
	"submission_count" integer DEFAULT 0 NOT NULL,
	"last_submission_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"slot" text NOT NULL,
	"node" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	CONSTRAINT "job_runs_job_slot_pk" PRIMARY KEY("job","slot")
);
--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_list_item_id_list_items_id_fk" FOREIGN KEY ("list_item_id") REFERENCES "public"."list_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_version_fk" FOREIGN KEY ("form_id","version") REFERENCES "public"."form_versions"("form_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submissions_form_version_created_idx" ON "form_submissions" USING btree ("form_id","version","created_at");--> statement-breakpoint
CREATE INDEX "form_submissions_form_created_idx" ON "form_submissions" USING btree ("form_id","created_at");--> statement-breakpoint
CREATE INDEX "form_submissions_user_idx" ON "form_submissions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "form_submissions_browser_idx" ON "form_submissions" USING btree ("form_id","browser_token");--> statement-breakpoint
CREATE INDEX "form_submissions_client_idx" ON "form_submissions" USING btree ("form_id","client_hash","created_at");--> statement-breakpoint
CREATE INDEX "forms_title_idx" ON "forms" USING btree ("title");--> statement-breakpoint
-- A published version never changes: its submissions were answers to exactly these questions.
CREATE FUNCTION form_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a published form version never changes' USING ERRCODE = 'P0001';
END
$$;--> statement-breakpoint
CREATE TRIGGER form_versions_no_update BEFORE UPDATE OF form_id, version, definition ON form_versions
  FOR EACH ROW EXECUTE FUNCTION form_versions_immutable();
--> statement-breakpoint
-- The pages a form is placed on (who may work on it): its form blocks, by the form they name.
CREATE INDEX "bbi_form_guid_idx" ON "building_block_instances" (("options"->>'formGuid')) WHERE "building_block_name" = 'form';
