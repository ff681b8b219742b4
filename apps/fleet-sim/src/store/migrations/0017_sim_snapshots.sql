CREATE TABLE "sim_snapshot_rows" (
	"snapshot_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"row" jsonb NOT NULL,
	CONSTRAINT "sim_snapshot_rows_snapshot_id_kind_key_pk" PRIMARY KEY("snapshot_id","kind","key")
);
--> statement-breakpoint
CREATE TABLE "sim_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"simulated_at" timestamp with time zone NOT NULL,
	"speed" double precision NOT NULL,
	"seed" text NOT NULL,
	"units" integer NOT NULL,
	"digest" text NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sim_snapshot_rows" ADD CONSTRAINT "sim_snapshot_rows_snapshot_id_sim_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "sim_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sim_snapshots_created_idx" ON "sim_snapshots" USING btree ("created_at");