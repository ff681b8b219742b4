CREATE TABLE "bulk_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"args" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"selection" jsonb NOT NULL,
	"state" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"outcomes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"change_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollout_units" (
	"rollout_id" integer NOT NULL,
	"serial_number" text NOT NULL,
	"phase" smallint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"last_state" text,
	"started_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rollout_units_rollout_id_serial_number_pk" PRIMARY KEY("rollout_id","serial_number")
);
--> statement-breakpoint
CREATE TABLE "rollouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"family" text NOT NULL,
	"version" text NOT NULL,
	"path" text NOT NULL,
	"target" jsonb NOT NULL,
	"phases" integer[] NOT NULL,
	"failure_threshold" double precision NOT NULL,
	"success_threshold" double precision NOT NULL,
	"window_start_hour" smallint,
	"window_end_hour" smallint,
	"state" text NOT NULL,
	"current_phase" smallint DEFAULT 0 NOT NULL,
	"pause_reason" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"change_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"screen" text NOT NULL,
	"name" text NOT NULL,
	"owner" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"query" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rollout_units" ADD CONSTRAINT "rollout_units_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rollout_units_phase_idx" ON "rollout_units" USING btree ("rollout_id","phase","state");--> statement-breakpoint
CREATE INDEX "rollout_units_serial_idx" ON "rollout_units" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "rollouts_change_idx" ON "rollouts" USING btree ("change_xid");--> statement-breakpoint
CREATE INDEX "rollouts_state_idx" ON "rollouts" USING btree ("state");--> statement-breakpoint
CREATE INDEX "saved_views_screen_idx" ON "saved_views" USING btree ("screen","owner");--> statement-breakpoint
CREATE INDEX "unit_history_serial_idx" ON "unit_history" USING btree ("serial_number","id");--> statement-breakpoint
CREATE INDEX "unit_history_at_idx" ON "unit_history" USING btree ("at");--> statement-breakpoint
CREATE TRIGGER rollouts_touch BEFORE UPDATE ON "rollouts" FOR EACH ROW EXECUTE FUNCTION touch_change_xid();--> statement-breakpoint
CREATE TRIGGER bulk_actions_touch BEFORE UPDATE ON "bulk_actions" FOR EACH ROW EXECUTE FUNCTION touch_change_xid();
