-- A snapshot's rows, typed: one copy table per table of the world (its columns as they are, without the store's own), so that
-- a save and a restore move rows set-based without making JSON. A migration that changes a world table changes its copy too
-- (snapshot-tables.test.ts fails until it does). The rows saved as JSON before move over.
CREATE TABLE "sim_snapshot_units" (LIKE "units");--> statement-breakpoint
ALTER TABLE "sim_snapshot_units" DROP COLUMN "shard", ADD COLUMN "snapshot_id" integer NOT NULL;--> statement-breakpoint
CREATE INDEX "sim_snapshot_units_snapshot_idx" ON "sim_snapshot_units" USING brin ("snapshot_id");--> statement-breakpoint
INSERT INTO "sim_snapshot_units" SELECT r.* FROM "sim_snapshot_rows" s CROSS JOIN LATERAL jsonb_populate_record(NULL::"sim_snapshot_units", s."row" || jsonb_build_object('snapshot_id', s.snapshot_id)) r WHERE s.kind = 'units';--> statement-breakpoint
CREATE TABLE "sim_snapshot_unit_desired" (LIKE "unit_desired");--> statement-breakpoint
ALTER TABLE "sim_snapshot_unit_desired" DROP COLUMN "change_xid", ADD COLUMN "snapshot_id" integer NOT NULL;--> statement-breakpoint
CREATE INDEX "sim_snapshot_unit_desired_snapshot_idx" ON "sim_snapshot_unit_desired" USING brin ("snapshot_id");--> statement-breakpoint
INSERT INTO "sim_snapshot_unit_desired" SELECT r.* FROM "sim_snapshot_rows" s CROSS JOIN LATERAL jsonb_populate_record(NULL::"sim_snapshot_unit_desired", s."row" || jsonb_build_object('snapshot_id', s.snapshot_id)) r WHERE s.kind = 'unit_desired';--> statement-breakpoint
CREATE TABLE "sim_snapshot_unit_reports" (LIKE "unit_reports");--> statement-breakpoint
ALTER TABLE "sim_snapshot_unit_reports" ADD COLUMN "snapshot_id" integer NOT NULL;--> statement-breakpoint
CREATE INDEX "sim_snapshot_unit_reports_snapshot_idx" ON "sim_snapshot_unit_reports" USING brin ("snapshot_id");--> statement-breakpoint
INSERT INTO "sim_snapshot_unit_reports" SELECT r.* FROM "sim_snapshot_rows" s CROSS JOIN LATERAL jsonb_populate_record(NULL::"sim_snapshot_unit_reports", s."row" || jsonb_build_object('snapshot_id', s.snapshot_id)) r WHERE s.kind = 'unit_reports';--> statement-breakpoint
CREATE TABLE "sim_snapshot_commands" (LIKE "commands");--> statement-breakpoint
ALTER TABLE "sim_snapshot_commands" DROP COLUMN "change_xid", ADD COLUMN "snapshot_id" integer NOT NULL;--> statement-breakpoint
CREATE INDEX "sim_snapshot_commands_snapshot_idx" ON "sim_snapshot_commands" USING brin ("snapshot_id");--> statement-breakpoint
INSERT INTO "sim_snapshot_commands" SELECT r.* FROM "sim_snapshot_rows" s CROSS JOIN LATERAL jsonb_populate_record(NULL::"sim_snapshot_commands", s."row" || jsonb_build_object('snapshot_id', s.snapshot_id)) r WHERE s.kind = 'commands';--> statement-breakpoint
CREATE TABLE "sim_snapshot_services" (LIKE "services");--> statement-breakpoint
ALTER TABLE "sim_snapshot_services" ADD COLUMN "snapshot_id" integer NOT NULL;--> statement-breakpoint
CREATE INDEX "sim_snapshot_services_snapshot_idx" ON "sim_snapshot_services" USING brin ("snapshot_id");--> statement-breakpoint
INSERT INTO "sim_snapshot_services" SELECT r.* FROM "sim_snapshot_rows" s CROSS JOIN LATERAL jsonb_populate_record(NULL::"sim_snapshot_services", s."row" || jsonb_build_object('snapshot_id', s.snapshot_id)) r WHERE s.kind = 'services';--> statement-breakpoint
CREATE TABLE "sim_snapshot_software_updates" (LIKE "software_updates");--> statement-breakpoint
ALTER TABLE "sim_snapshot_software_updates" ADD COLUMN "snapshot_id" integer NOT NULL;--> statement-breakpoint
CREATE INDEX "sim_snapshot_software_updates_snapshot_idx" ON "sim_snapshot_software_updates" USING brin ("snapshot_id");--> statement-breakpoint
INSERT INTO "sim_snapshot_software_updates" SELECT r.* FROM "sim_snapshot_rows" s CROSS JOIN LATERAL jsonb_populate_record(NULL::"sim_snapshot_software_updates", s."row" || jsonb_build_object('snapshot_id', s.snapshot_id)) r WHERE s.kind = 'releases';--> statement-breakpoint
CREATE TABLE "sim_snapshot_sim_settings" (LIKE "sim_settings");--> statement-breakpoint
ALTER TABLE "sim_snapshot_sim_settings" ADD COLUMN "snapshot_id" integer NOT NULL;--> statement-breakpoint
CREATE INDEX "sim_snapshot_sim_settings_snapshot_idx" ON "sim_snapshot_sim_settings" USING brin ("snapshot_id");--> statement-breakpoint
INSERT INTO "sim_snapshot_sim_settings" SELECT r.* FROM "sim_snapshot_rows" s CROSS JOIN LATERAL jsonb_populate_record(NULL::"sim_snapshot_sim_settings", s."row" || jsonb_build_object('snapshot_id', s.snapshot_id)) r WHERE s.kind = 'settings';--> statement-breakpoint
CREATE TABLE "sim_snapshot_scenario_runs" (LIKE "scenario_runs");--> statement-breakpoint
ALTER TABLE "sim_snapshot_scenario_runs" ADD COLUMN "snapshot_id" integer NOT NULL;--> statement-breakpoint
CREATE INDEX "sim_snapshot_scenario_runs_snapshot_idx" ON "sim_snapshot_scenario_runs" USING brin ("snapshot_id");--> statement-breakpoint
INSERT INTO "sim_snapshot_scenario_runs" SELECT r.* FROM "sim_snapshot_rows" s CROSS JOIN LATERAL jsonb_populate_record(NULL::"sim_snapshot_scenario_runs", s."row" || jsonb_build_object('snapshot_id', s.snapshot_id)) r WHERE s.kind = 'scenario_runs';--> statement-breakpoint
CREATE TABLE "sim_snapshot_sim_directives" (LIKE "sim_directives");--> statement-breakpoint
ALTER TABLE "sim_snapshot_sim_directives" DROP COLUMN "change_xid", ADD COLUMN "snapshot_id" integer NOT NULL;--> statement-breakpoint
CREATE INDEX "sim_snapshot_sim_directives_snapshot_idx" ON "sim_snapshot_sim_directives" USING brin ("snapshot_id");--> statement-breakpoint
INSERT INTO "sim_snapshot_sim_directives" SELECT r.* FROM "sim_snapshot_rows" s CROSS JOIN LATERAL jsonb_populate_record(NULL::"sim_snapshot_sim_directives", s."row" || jsonb_build_object('snapshot_id', s.snapshot_id)) r WHERE s.kind = 'directives';--> statement-breakpoint
CREATE TABLE "sim_snapshot_sim_directive_results" (LIKE "sim_directive_results");--> statement-breakpoint
ALTER TABLE "sim_snapshot_sim_directive_results" ADD COLUMN "snapshot_id" integer NOT NULL;--> statement-breakpoint
CREATE INDEX "sim_snapshot_sim_directive_results_snapshot_idx" ON "sim_snapshot_sim_directive_results" USING brin ("snapshot_id");--> statement-breakpoint
INSERT INTO "sim_snapshot_sim_directive_results" SELECT r.* FROM "sim_snapshot_rows" s CROSS JOIN LATERAL jsonb_populate_record(NULL::"sim_snapshot_sim_directive_results", s."row" || jsonb_build_object('snapshot_id', s.snapshot_id)) r WHERE s.kind = 'directive_results';--> statement-breakpoint
CREATE TABLE "sim_snapshot_fleet_counts" (LIKE "fleet_counts");--> statement-breakpoint
ALTER TABLE "sim_snapshot_fleet_counts" DROP COLUMN "change_xid", ADD COLUMN "snapshot_id" integer NOT NULL;--> statement-breakpoint
CREATE INDEX "sim_snapshot_fleet_counts_snapshot_idx" ON "sim_snapshot_fleet_counts" USING brin ("snapshot_id");--> statement-breakpoint
INSERT INTO "sim_snapshot_fleet_counts" SELECT r.* FROM "sim_snapshot_rows" s CROSS JOIN LATERAL jsonb_populate_record(NULL::"sim_snapshot_fleet_counts", s."row" || jsonb_build_object('snapshot_id', s.snapshot_id)) r WHERE s.kind = 'fleet_counts';--> statement-breakpoint
SELECT brin_summarize_new_values('sim_snapshot_units_snapshot_idx');--> statement-breakpoint
-- Their digests were of the JSON rows: made again from the typed rows at their next use.
UPDATE "sim_snapshots" SET "digest" = '';--> statement-breakpoint
DROP TABLE "sim_snapshot_rows";
