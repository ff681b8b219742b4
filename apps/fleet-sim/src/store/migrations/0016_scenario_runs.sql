CREATE TABLE "scenario_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"applied_by" text NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"steps" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "scenario_runs_applied_idx" ON "scenario_runs" USING btree ("applied_at");