ALTER TABLE "units" ADD COLUMN "flow_rev" bigint;--> statement-breakpoint
-- The revision each unit's update flow serves, from what the simulator or the seed left in update_state.
UPDATE "units" u SET "flow_rev" = COALESCE((u."update_state"->'sim'->'flow'->>'rev')::bigint, d."rev")
FROM "unit_desired" d
WHERE d."serial_number" = u."serial_number" AND d."staged_semantic" IS NOT NULL AND d."rev" > u."staged_rev_done"
  AND (jsonb_typeof(u."update_state"->'sim'->'flow') = 'object'
       OR (NOT u."update_state" ? 'sim'
           AND u."update_state"->>'state' IN ('READY_TO_DOWNLOAD', 'DOWNLOADING', 'VALIDATING_UPDATE', 'READY_TO_INSTALL', 'INSTALLING_UPDATE', 'SYSMAN_RESTART')));
