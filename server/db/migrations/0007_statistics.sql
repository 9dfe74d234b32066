-- Site statistics (issue 10): counted by the server itself, flushed in batches by every node with
-- upserts that add, so several nodes writing the same rows add up. Nothing personal: paths, hosts
-- of referrers (never full URLs), normalised search terms, and per-day hashes of the analytics
-- cookie (only set when the visitor allowed analytical cookies).
CREATE TABLE "statistics_page_views" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "statistics_page_views_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
CREATE TABLE "statistics_referrers" (
	"day" date NOT NULL,
	"host" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "statistics_referrers_day_host_pk" PRIMARY KEY("day","host")
);
--> statement-breakpoint
CREATE TABLE "statistics_searches" (
	"day" date NOT NULL,
	"term" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"no_results" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "statistics_searches_day_term_pk" PRIMARY KEY("day","term")
);
--> statement-breakpoint
CREATE TABLE "statistics_visitors" (
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "statistics_visitors_day_visitor_hash_pk" PRIMARY KEY("day","visitor_hash")
);
