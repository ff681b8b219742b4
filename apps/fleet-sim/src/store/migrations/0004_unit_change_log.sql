CREATE TABLE "unit_change_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"serials" text[] NOT NULL,
	"writer" text,
	"change_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TRIGGER "units_touch" ON "units";--> statement-breakpoint
DROP INDEX "units_change_idx";--> statement-breakpoint
DROP INDEX "units_alignment_idx";--> statement-breakpoint
CREATE INDEX "unit_change_log_change_idx" ON "unit_change_log" USING btree ("change_xid");--> statement-breakpoint
ALTER TABLE "units" DROP COLUMN "change_xid";