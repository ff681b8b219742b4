CREATE TABLE "access_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text
);
--> statement-breakpoint
CREATE TABLE "oidc_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"provider" text NOT NULL,
	"sid" text,
	"id_token" text,
	"refresh_token" text,
	"handoff_hash" text,
	"handoff_expires_at" timestamp with time zone,
	"check_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "issuer" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_username_users_username_fk" FOREIGN KEY ("username") REFERENCES "users"("username") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_sessions" ADD CONSTRAINT "oidc_sessions_username_users_username_fk" FOREIGN KEY ("username") REFERENCES "users"("username") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_tokens_hash_idx" ON "access_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "access_tokens_username_idx" ON "access_tokens" USING btree ("username","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_sessions_handoff_idx" ON "oidc_sessions" USING btree ("handoff_hash");--> statement-breakpoint
CREATE INDEX "oidc_sessions_username_idx" ON "oidc_sessions" USING btree ("username");--> statement-breakpoint
CREATE INDEX "oidc_sessions_sid_idx" ON "oidc_sessions" USING btree ("provider","sid");--> statement-breakpoint
CREATE INDEX "oidc_sessions_check_idx" ON "oidc_sessions" USING btree ("check_at") WHERE ended_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_issuer_subject_idx" ON "users" USING btree ("issuer","subject");