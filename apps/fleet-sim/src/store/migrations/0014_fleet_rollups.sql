CREATE TABLE "fleet_rollup_coverage" (
	"day" date PRIMARY KEY NOT NULL,
	"minutes" real[] NOT NULL,
	"day_minutes" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_rollup_state" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_rollups" (
	"day" date NOT NULL,
	"family" text NOT NULL,
	"country_code" text NOT NULL,
	"version" text NOT NULL,
	"unit_minutes" real[],
	"connected_minutes" real[],
	"updates_started" integer[],
	"updates_succeeded" integer[],
	"updates_failed" integer[],
	"alerts_fired" integer[],
	"tickets_opened" integer[],
	"day_unit_minutes" double precision DEFAULT 0 NOT NULL,
	"day_connected_minutes" double precision DEFAULT 0 NOT NULL,
	"day_updates_started" integer DEFAULT 0 NOT NULL,
	"day_updates_succeeded" integer DEFAULT 0 NOT NULL,
	"day_updates_failed" integer DEFAULT 0 NOT NULL,
	"day_alerts_fired" integer DEFAULT 0 NOT NULL,
	"day_tickets_opened" integer DEFAULT 0 NOT NULL,
	"day_alerts_by_kind" jsonb,
	CONSTRAINT "fleet_rollups_family_country_code_day_version_pk" PRIMARY KEY("family","country_code","day","version")
);
--> statement-breakpoint
CREATE INDEX "fleet_rollups_day_idx" ON "fleet_rollups" USING btree ("day");--> statement-breakpoint
-- Room in each page for the new version of a row: the job adds to the current day's rows every pass (HOT updates).
ALTER TABLE "fleet_rollups" SET (fillfactor = 70);
