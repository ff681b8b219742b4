CREATE INDEX "alerts_updated_idx" ON "alerts" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "alerts_rule_subject_idx" ON "alerts" USING btree ("rule_id","subject_key","started_at");--> statement-breakpoint
CREATE INDEX "rollout_units_failed_idx" ON "rollout_units" USING btree ("rollout_id","updated_at") WHERE state = 'failed';