CREATE TABLE "camera_cals" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator" text NOT NULL,
	"version" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"board_serials" text NOT NULL,
	"record" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"conversation" jsonb NOT NULL,
	"queue_wait_seconds" double precision,
	"engine_seconds" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"command" text NOT NULL,
	"args" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"username" text NOT NULL,
	"status" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ez_fixtures" (
	"serial_number" text PRIMARY KEY NOT NULL,
	"activation_count" integer DEFAULT 0 NOT NULL,
	"subscription_package" integer DEFAULT 0 NOT NULL,
	"subscription_expires" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ez_targets" (
	"target_name" text PRIMARY KEY NOT NULL,
	"target_id" integer NOT NULL,
	"package_name" text NOT NULL,
	"package_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"username" text NOT NULL,
	"serial_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_username_serial_number_pk" PRIMARY KEY("username","serial_number")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"header" text NOT NULL,
	"body" text NOT NULL,
	"call_to_action" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"market" text NOT NULL,
	"software_version" text DEFAULT 'all' NOT NULL,
	"serial_numbers" jsonb NOT NULL,
	"issuer_username" text NOT NULL,
	"issuer_email" text NOT NULL,
	"disposition" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"resource_path" text NOT NULL,
	"mime_type" text NOT NULL,
	"begins_on" timestamp with time zone NOT NULL,
	"ends_on" timestamp with time zone NOT NULL,
	"target_type" text NOT NULL,
	"target" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pairings" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"vendor" text NOT NULL,
	"vendor_key" text NOT NULL,
	"alignment_id" text NOT NULL,
	"tru_point_serial_number" text NOT NULL,
	"reason" text,
	"calibrations" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduler_activity" (
	"family" text NOT NULL,
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"deliveries" integer DEFAULT 0 NOT NULL,
	"at_current_version" integer DEFAULT 0 NOT NULL,
	"auto_staged" integer DEFAULT 0 NOT NULL,
	"connected_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "scheduler_activity_family_bucket_key_pk" PRIMARY KEY("family","bucket","key")
);
--> statement-breakpoint
CREATE TABLE "scheduler_counters" (
	"family" text PRIMARY KEY NOT NULL,
	"auto_staged" integer DEFAULT 0 NOT NULL,
	"auto_unstaged" integer DEFAULT 0 NOT NULL,
	"auto_unstaged_due_to_hung_count" integer DEFAULT 0 NOT NULL,
	"average_slot_age" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"family" text NOT NULL,
	"version_semantic" text NOT NULL,
	"version_meta" text DEFAULT '' NOT NULL,
	"path" text NOT NULL,
	"date" date NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screenshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"image" "bytea" NOT NULL,
	"thumbnail" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"name" text PRIMARY KEY NOT NULL,
	"up" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "software_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"semantic" text NOT NULL,
	"meta" text DEFAULT '' NOT NULL,
	"path" text NOT NULL,
	"prerequisite" jsonb,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spec_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"version" jsonb NOT NULL,
	"prerequisites" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"target_family" text DEFAULT 'all' NOT NULL,
	"filter" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spec_updates_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE TABLE "ticket_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"thumb_file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"description" text NOT NULL,
	"author_username" text NOT NULL,
	"data" "bytea" NOT NULL,
	"thumbnail" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"author_username" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"escalated" boolean DEFAULT true NOT NULL,
	"issuer_username" text NOT NULL,
	"issuer_email" text DEFAULT '' NOT NULL,
	"closed_by_username" text,
	"closed_at" timestamp with time zone,
	"originator_name" text DEFAULT '' NOT NULL,
	"originator_email" text DEFAULT '' NOT NULL,
	"tech_on_site" boolean,
	"exhibiting_now" boolean,
	"reproducible" boolean,
	"disposition" text DEFAULT '' NOT NULL,
	"in_service" text DEFAULT '' NOT NULL,
	"components_replaced" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"circumstance" text DEFAULT '' NOT NULL,
	"attempted_resolution" text DEFAULT '' NOT NULL,
	"environment" text DEFAULT '' NOT NULL,
	"other" text DEFAULT '' NOT NULL,
	"issue_started_on" text DEFAULT '' NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"specs" text DEFAULT 'unknown' NOT NULL,
	"connected" boolean DEFAULT false NOT NULL,
	"family" text DEFAULT 'aligner' NOT NULL,
	"model" text DEFAULT 'unknown' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_reports" (
	"serial_number" text NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unit_reports_serial_number_kind_pk" PRIMARY KEY("serial_number","kind")
);
--> statement-breakpoint
CREATE TABLE "units" (
	"serial_number" text PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"version_semantic" text NOT NULL,
	"version_meta" text DEFAULT '' NOT NULL,
	"version_order" integer DEFAULT -1 NOT NULL,
	"specs" jsonb,
	"specs_expiration" jsonb,
	"system_class" text NOT NULL,
	"board_class" text NOT NULL,
	"log_level" text DEFAULT 'WARN' NOT NULL,
	"board_features" jsonb,
	"target_type" text,
	"connect_count" integer DEFAULT 0 NOT NULL,
	"connected" boolean DEFAULT false NOT NULL,
	"port" integer,
	"address" text,
	"current_procedure" text,
	"alignment_count" integer DEFAULT 0 NOT NULL,
	"country_code" text NOT NULL,
	"geolocation" jsonb NOT NULL,
	"pending_software_download" text DEFAULT '' NOT NULL,
	"update_state" jsonb NOT NULL,
	"staging" jsonb NOT NULL,
	"last_seen_online_at" timestamp with time zone,
	"ssh_port_open_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"username" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"password_hash" text NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_serial_number_units_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "units"("serial_number") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_username_users_username_fk" FOREIGN KEY ("username") REFERENCES "users"("username") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshots" ADD CONSTRAINT "screenshots_serial_number_units_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "units"("serial_number") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_reports" ADD CONSTRAINT "unit_reports_serial_number_units_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "units"("serial_number") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "camera_cals_date_idx" ON "camera_cals" USING btree ("date");--> statement-breakpoint
CREATE INDEX "chat_sessions_created_idx" ON "chat_sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "commands_serial_idx" ON "commands" USING btree ("serial_number","created_at");--> statement-breakpoint
CREATE INDEX "favorites_serial_idx" ON "favorites" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "messages_disposition_idx" ON "messages" USING btree ("disposition","issuer_username");--> statement-breakpoint
CREATE INDEX "pairings_status_idx" ON "pairings" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "schedules_date_idx" ON "schedules" USING btree ("date");--> statement-breakpoint
CREATE INDEX "schedules_serial_idx" ON "schedules" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "screenshots_serial_idx" ON "screenshots" USING btree ("serial_number");--> statement-breakpoint
CREATE UNIQUE INDEX "software_updates_family_semantic_idx" ON "software_updates" USING btree ("family","semantic","meta");--> statement-breakpoint
CREATE INDEX "ticket_attachments_ticket_idx" ON "ticket_attachments" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_comments_ticket_idx" ON "ticket_comments" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "tickets_serial_idx" ON "tickets" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "tickets_status_idx" ON "tickets" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "tickets_issuer_idx" ON "tickets" USING btree ("issuer_username");--> statement-breakpoint
CREATE INDEX "units_family_idx" ON "units" USING btree ("family","version_order");--> statement-breakpoint
CREATE INDEX "units_country_idx" ON "units" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "units_version_idx" ON "units" USING btree ("version_semantic");--> statement-breakpoint
CREATE INDEX "units_connected_idx" ON "units" USING btree ("family","connected");--> statement-breakpoint
CREATE INDEX "units_alignment_idx" ON "units" USING btree ("alignment_count");--> statement-breakpoint
CREATE INDEX "units_created_idx" ON "units" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "units_updated_idx" ON "units" USING btree ("updated_at");