CREATE TABLE "alert_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"webhook_id" integer,
	"recipients" text[],
	"event" text NOT NULL,
	"title" text NOT NULL,
	"payload" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"last_response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "alert_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"by" text NOT NULL,
	"comment" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"alert_id" integer NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message_id" text
);
--> statement-breakpoint
CREATE TABLE "alert_preferences" (
	"username" text PRIMARY KEY NOT NULL,
	"email_severities" text[] NOT NULL,
	"muted_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"severity" text NOT NULL,
	"scope" jsonb NOT NULL,
	"for_minutes" integer NOT NULL,
	"threshold" double precision,
	"include_already_offline" boolean DEFAULT false NOT NULL,
	"channels" jsonb NOT NULL,
	"remind_every_minutes" integer,
	"escalate_after_minutes" integer,
	"escalate_to" jsonb,
	"flapping" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"rule_name" text NOT NULL,
	"kind" text NOT NULL,
	"severity" text NOT NULL,
	"subject_key" text NOT NULL,
	"subject" jsonb NOT NULL,
	"serial_number" text,
	"family" text,
	"state" text NOT NULL,
	"summary" text NOT NULL,
	"cause" text,
	"started_at" timestamp with time zone NOT NULL,
	"fired_at" timestamp with time zone,
	"acknowledged_by" text,
	"acknowledged_at" timestamp with time zone,
	"comment" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"last_reminded_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"action" text NOT NULL,
	"serial_number" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text,
	"token" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "silences" (
	"id" serial PRIMARY KEY NOT NULL,
	"matcher" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"recurring" jsonb,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_preferences" ADD CONSTRAINT "alert_preferences_username_users_username_fk" FOREIGN KEY ("username") REFERENCES "users"("username") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries" USING btree ("next_attempt_at") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "alert_deliveries_webhook_idx" ON "alert_deliveries" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE INDEX "alert_events_alert_idx" ON "alert_events" USING btree ("alert_id","id");--> statement-breakpoint
CREATE INDEX "alert_notifications_open_idx" ON "alert_notifications" USING btree ("rule_id","event") WHERE message_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_subject_idx" ON "alerts" USING btree ("rule_id","subject_key") WHERE state <> 'resolved';--> statement-breakpoint
CREATE INDEX "alerts_state_idx" ON "alerts" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "alerts_serial_idx" ON "alerts" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "alerts_rule_idx" ON "alerts" USING btree ("rule_id","state");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");