CREATE SEQUENCE "unit_desired_rev_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "fleet_counts" (
	"metric" text NOT NULL,
	"family" text NOT NULL,
	"key" text NOT NULL,
	"shard" smallint NOT NULL,
	"n" integer NOT NULL,
	"change_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	CONSTRAINT "fleet_counts_metric_family_key_shard_pk" PRIMARY KEY("metric","family","key","shard")
);
--> statement-breakpoint
CREATE TABLE "trend_samples" (
	"at" timestamp with time zone PRIMARY KEY NOT NULL,
	"connected" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_desired" (
	"serial_number" text PRIMARY KEY NOT NULL,
	"rev" bigint NOT NULL,
	"staged_semantic" text,
	"staged_meta" text DEFAULT '' NOT NULL,
	"path" text,
	"staged_at" timestamp with time zone,
	"auto_staged" boolean DEFAULT false NOT NULL,
	"updated_by" text NOT NULL,
	"change_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_tombstones" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"change_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commands" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commands" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commands" ADD COLUMN "change_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "down_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "staged_rev_done" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "shard" smallint GENERATED ALWAYS AS ((hashtext(serial_number) & 63)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "change_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "unit_desired" ADD CONSTRAINT "unit_desired_serial_number_units_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "units"("serial_number") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "fleet_counts_change_idx" ON "fleet_counts" USING btree ("change_xid");--> statement-breakpoint
CREATE INDEX "unit_desired_change_idx" ON "unit_desired" USING btree ("change_xid");--> statement-breakpoint
CREATE INDEX "unit_tombstones_change_idx" ON "unit_tombstones" USING btree ("change_xid");--> statement-breakpoint
CREATE INDEX "commands_change_idx" ON "commands" USING btree ("change_xid");--> statement-breakpoint
CREATE INDEX "commands_open_idx" ON "commands" USING btree ("serial_number") WHERE status IN ('queued', 'sent');--> statement-breakpoint
CREATE INDEX "units_change_idx" ON "units" USING btree ("change_xid");--> statement-breakpoint
CREATE INDEX "units_shard_idx" ON "units" USING btree ("shard","serial_number");--> statement-breakpoint
CREATE INDEX "units_alignment_idx" ON "units" USING btree ("alignment_count" DESC NULLS LAST);--> statement-breakpoint
-- Staging moves from the unit's row to its desired state (the API's), one revision per staged unit.
INSERT INTO "unit_desired" ("serial_number", "rev", "staged_semantic", "staged_meta", "path", "staged_at", "auto_staged", "updated_by")
SELECT "serial_number", nextval('unit_desired_rev_seq'),
       COALESCE(NULLIF("pending_software_download", ''), "staging"->'stagedVersion'->>'semantic'),
       COALESCE("staging"->'stagedVersion'->>'meta', ''),
       COALESCE("staging"->>'path', '/updates/' || "family" || '/' || COALESCE(NULLIF("pending_software_download", ''), "staging"->'stagedVersion'->>'semantic')),
       COALESCE(("staging"->>'stagedAt')::timestamptz, "updated_at"),
       COALESCE(("staging"->>'autoStaged')::boolean, false),
       'migration'
FROM "units"
WHERE COALESCE(NULLIF("pending_software_download", ''), "staging"->'stagedVersion'->>'semantic') IS NOT NULL;--> statement-breakpoint
INSERT INTO "fleet_counts" ("metric", "family", "key", "shard", "n")
SELECT 'desired', u."family", d."staged_semantic", u."shard", count(*)::integer
FROM "unit_desired" d JOIN "units" u USING ("serial_number")
WHERE d."staged_semantic" IS NOT NULL
GROUP BY u."family", d."staged_semantic", u."shard";--> statement-breakpoint
ALTER TABLE "units" DROP COLUMN "pending_software_download";--> statement-breakpoint
ALTER TABLE "units" DROP COLUMN "staging";--> statement-breakpoint
-- Every update records its transaction, so that readers following a table by change_xid see it.
CREATE FUNCTION touch_change_xid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_xid := pg_current_xact_id();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER units_touch BEFORE UPDATE ON "units" FOR EACH ROW EXECUTE FUNCTION touch_change_xid();--> statement-breakpoint
CREATE TRIGGER unit_desired_touch BEFORE UPDATE ON "unit_desired" FOR EACH ROW EXECUTE FUNCTION touch_change_xid();--> statement-breakpoint
CREATE TRIGGER commands_touch BEFORE UPDATE ON "commands" FOR EACH ROW EXECUTE FUNCTION touch_change_xid();--> statement-breakpoint
CREATE TRIGGER fleet_counts_touch BEFORE UPDATE ON "fleet_counts" FOR EACH ROW EXECUTE FUNCTION touch_change_xid();