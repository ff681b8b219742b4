DROP INDEX "units_version_idx";--> statement-breakpoint
DROP INDEX "units_connected_idx";--> statement-breakpoint
DROP INDEX "units_alignment_idx";--> statement-breakpoint
DROP INDEX "units_created_idx";--> statement-breakpoint
DROP INDEX "units_updated_idx";--> statement-breakpoint
-- Room in each page for the new version of a row, so updates of live fields stay HOT (no index writes).
ALTER TABLE "units" SET (fillfactor = 70);
