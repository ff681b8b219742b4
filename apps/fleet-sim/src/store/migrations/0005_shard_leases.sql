CREATE TABLE "shard_leases" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"holder" text,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sim_workers" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "shard_leases" ("shard") SELECT generate_series(0, 63);
