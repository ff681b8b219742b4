import { z } from 'zod';
import { PERMISSIONS, type Family } from '@equipment-dashboard/domain';
import { areaEndpoints } from './define';
import { serialNumberBodySchema } from './equipment';
import { familySchema, versionSchema } from './primitives';
import { requiredText } from './query';
import { updatePathSchema, versionBodySchema } from './updates';

/** Body of the stage calls: the unit, and the version and path of the family's update to stage. */
export const stageBodySchema = z.strictObject({
  serialNumber: requiredText,
  // Not strict: the console passes the family's latest record, whose `path` is dropped here.
  version: versionBodySchema,
  path: updatePathSchema,
});

/**
 * Answer of the stage calls: the staged update. The console reads `version.semantic` into the
 * unit's pendingSoftwareDownload (console-core §7). Staging that the rules of console-core §4 refuse
 * (not below the latest, something newer pending, aligner below 4.0.0) answers 400 with the reason
 * (`code: 'staging_refused'`).
 */
export const stagedUpdateSchema = z.object({
  serialNumber: z.string().min(1),
  family: familySchema,
  version: versionSchema,
  path: z.string().min(1),
});
/** See {@link stagedUpdateSchema}. */
export type StagedUpdate = z.infer<typeof stagedUpdateSchema>;

/**
 * Answer of the unstage calls (not shown in the spec): the unit with its pending download cleared
 * (`pendingSoftwareDownload: ''`).
 */
export const unstagedUpdateSchema = z.object({
  serialNumber: z.string().min(1),
  family: familySchema,
  pendingSoftwareDownload: z.literal(''),
});
/** See {@link unstagedUpdateSchema}. */
export type UnstagedUpdate = z.infer<typeof unstagedUpdateSchema>;

const staging = areaEndpoints('staging');

function stage(name: string, infix: string, family: Family) {
  return staging.post(name, `/create/immediate_stage_of_${infix}software_update/v1`, {
    body: stageBodySchema,
    response: stagedUpdateSchema,
    permission: PERMISSIONS.stageUpdates,
    summary: `Stages a ${family} software update on a ${family} unit now.`,
  });
}

function unstage(name: string, infix: string, family: Family) {
  return staging.post(name, `/delete/immediate_unstage_of_${infix}software_update/v1`, {
    body: serialNumberBodySchema,
    response: unstagedUpdateSchema,
    permission: PERMISSIONS.stageUpdates,
    summary: `Removes the staged software update of a ${family} unit.`,
  });
}

export const stageSoftwareUpdate = stage('stageSoftwareUpdate', '', 'aligner');
export const stageGtpsSoftwareUpdate = stage('stageGtpsSoftwareUpdate', 'gtps_', 'gtps');
export const stageOasisSoftwareUpdate = stage('stageOasisSoftwareUpdate', 'oasis_', 'aligner-oasis');
// The spec names the aligner unstage path and says "and the gtps and oasis variants"; their paths
// follow the stage calls' pattern.
export const unstageSoftwareUpdate = unstage('unstageSoftwareUpdate', '', 'aligner');
export const unstageGtpsSoftwareUpdate = unstage('unstageGtpsSoftwareUpdate', 'gtps_', 'gtps');
export const unstageOasisSoftwareUpdate = unstage('unstageOasisSoftwareUpdate', 'oasis_', 'aligner-oasis');

/** The calls of console-core §7 "Staging". */
export const stagingEndpoints = {
  stageSoftwareUpdate,
  stageGtpsSoftwareUpdate,
  stageOasisSoftwareUpdate,
  unstageSoftwareUpdate,
  unstageGtpsSoftwareUpdate,
  unstageOasisSoftwareUpdate,
} as const;
