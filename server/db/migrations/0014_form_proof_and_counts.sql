CREATE TABLE "form_answer_counts" (
	"form_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "form_answer_counts_form_id_version_day_key_value_pk" PRIMARY KEY("form_id","version","day","key","value")
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "proof_nonce" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "tally" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "form_answer_counts" ADD CONSTRAINT "form_answer_counts_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_submissions_proof_nonce_idx" ON "form_submissions" USING btree ("proof_nonce");--> statement-breakpoint
-- Keeps form_answer_counts in step with form_submissions (inserts, deletes, including cascades from
-- a deleted account, and the rare update of a submission's day or version). Every change to one
-- form's counts happens under that form's row lock, which a new submission holds already, so
-- writers queue instead of deadlocking. A form being deleted has no row left: nothing to count.
CREATE FUNCTION form_answer_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes record;
BEGIN
  FOR changes IN
    SELECT OLD AS submission, -1 AS delta WHERE TG_OP IN ('DELETE', 'UPDATE')
    UNION ALL
    SELECT NEW, 1 WHERE TG_OP IN ('INSERT', 'UPDATE')
  LOOP
    PERFORM 1 FROM forms WHERE id = (changes.submission).form_id FOR UPDATE;
    IF NOT FOUND THEN
      CONTINUE;
    END IF;
    INSERT INTO form_answer_counts AS counts (form_id, version, day, key, value, count)
    SELECT (changes.submission).form_id, (changes.submission).version,
      ((changes.submission).created_at AT TIME ZONE 'Europe/Amsterdam')::date,
      split_part(entry, '=', 1), substr(entry, position('=' in entry) + 1), sum(changes.delta)
    FROM unnest((changes.submission).tally) AS entry
    GROUP BY 3, 4, 5
    ORDER BY 3, 4, 5
    ON CONFLICT (form_id, version, day, key, value) DO UPDATE SET count = counts.count + excluded.count;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER form_submissions_count AFTER INSERT OR DELETE OR UPDATE OF form_id, version, created_at, tally
  ON form_submissions FOR EACH ROW EXECUTE FUNCTION form_answer_counts_apply();
