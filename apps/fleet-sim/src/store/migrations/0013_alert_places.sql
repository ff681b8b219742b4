ALTER TABLE "alerts" ADD COLUMN "country_code" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "region" text;--> statement-breakpoint
CREATE INDEX "alerts_place_idx" ON "alerts" USING btree ("rule_id","country_code","region") WHERE state <> 'resolved';