-- A snapshot's rows, typed: one copy table per table of the world, sim_snapshot_<table> (the table's columns as they are,
-- without the store's own, and snapshot_id, with a BRIN index on it), so that a save and a restore move rows
-- set-based without making JSON. A migration that changes a world table changes its copy too (snapshot-tables.test.ts
-- fails until it does). The rows saved as JSON before move over (LATERAL: `(jsonb_populate_record(...)).*` would
-- call it once per column).
DO $$
DECLARE
  part record;
  copy text;
BEGIN
  FOR part IN
    SELECT * FROM (VALUES
      ('units', 'units', 'shard'),
      ('unit_desired', 'unit_desired', 'change_xid'),
      ('unit_reports', 'unit_reports', NULL),
      ('commands', 'commands', 'change_xid'),
      ('services', 'services', NULL),
      ('releases', 'software_updates', NULL),
      ('settings', 'sim_settings', NULL),
      ('scenario_runs', 'scenario_runs', NULL),
      ('directives', 'sim_directives', 'change_xid'),
      ('directive_results', 'sim_directive_results', NULL),
      ('fleet_counts', 'fleet_counts', 'change_xid')
    ) AS parts (kind, name, own)
  LOOP
    copy := 'sim_snapshot_' || part.name;
    EXECUTE format('CREATE TABLE %I (LIKE %I)', copy, part.name);
    IF part.own IS NOT NULL THEN
      EXECUTE format('ALTER TABLE %I DROP COLUMN %I', copy, part.own);
    END IF;
    EXECUTE format('ALTER TABLE %I ADD COLUMN snapshot_id integer NOT NULL', copy);
    EXECUTE format('CREATE INDEX %I ON %I USING brin (snapshot_id)', copy || '_snapshot_idx', copy);
    EXECUTE format(
      'INSERT INTO %I SELECT r.* FROM sim_snapshot_rows s CROSS JOIN LATERAL '
      'jsonb_populate_record(NULL::%I, s."row" || jsonb_build_object(''snapshot_id'', s.snapshot_id)) r '
      'WHERE s.kind = %L',
      copy, copy, part.kind);
    PERFORM brin_summarize_new_values(copy || '_snapshot_idx');
  END LOOP;
END $$;--> statement-breakpoint
-- Their digests were of the JSON rows: made again from the typed rows at their next use.
UPDATE "sim_snapshots" SET "digest" = '';--> statement-breakpoint
DROP TABLE "sim_snapshot_rows";
