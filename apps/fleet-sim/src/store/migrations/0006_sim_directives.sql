CREATE TABLE "sim_directive_results" (
	"directive_id" bigint NOT NULL,
	"worker" text NOT NULL,
	"shards" smallint[] NOT NULL,
	"units_changed" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_directive_results_directive_id_worker_pk" PRIMARY KEY("directive_id","worker")
);
--> statement-breakpoint
CREATE TABLE "sim_directives" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"changes" jsonb NOT NULL,
	"seed" text NOT NULL,
	"due_at" timestamp with time zone,
	"global_by" text,
	"change_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sim_directive_results" ADD CONSTRAINT "sim_directive_results_directive_id_sim_directives_id_fk" FOREIGN KEY ("directive_id") REFERENCES "sim_directives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sim_directives_change_idx" ON "sim_directives" USING btree ("change_xid");