import { z } from 'zod';
import { PERMISSIONS } from '@equipment-dashboard/domain';
import { areaEndpoints, pagedListQuery } from './define';
import { binaryResponseSchema } from './endpoint';
import { countSchema, paged, recordIdSchema, timestampSchema } from './primitives';
import { recordIdText } from './query';
import { nonBlankText, TEXT_MAX } from './text';

/*
 * Field-state snapshots of the Simulator screen: the whole simulated world (units' reported and desired state,
 * services, releases, the fleet's settings, the clock, pending scenario steps) saved under a name, restored
 * exactly, exported as one file and imported on another server. Staff data (tickets, users, alerts'
 * acknowledgements, audit, saved views) is never part of one. For the roles that control the simulator.
 */

const simSnapshots = areaEndpoints('simSnapshots');

/** The export's format name, in the file's first line. */
export const SNAPSHOT_FORMAT = 'equipment-dashboard-snapshot';
/**
 * The export's format version: a file of another version is refused on import. Version 2: the digest sums the rows'
 * hashes (version 1 files carry a digest of another kind; the server that holds their snapshot exports them again).
 */
export const SNAPSHOT_FORMAT_VERSION = 2;

/** A sha256 of the world, hex. */
export const worldDigestSchema = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 in hex');

/** A saved field state. */
export const simSnapshotSchema = z.object({
  id: recordIdSchema,
  name: z.string(),
  createdBy: z.string(),
  /** Real time of the save (or of the import). */
  createdAt: timestampSchema,
  /** The simulated clock when the world was saved. */
  simulatedAt: timestampSchema,
  units: countSchema,
  /** The world's digest when it was saved; a restore answers the world's digest after it, equal to this. */
  digest: worldDigestSchema,
  /** Bytes the snapshot holds in the store. */
  bytes: countSchema,
});
/** See {@link simSnapshotSchema}. */
export type SimSnapshot = z.infer<typeof simSnapshotSchema>;

/** The world's digest now (sha256 over its units sorted by serial, the clock, services, releases, pending steps, settings). */
export const worldDigestAnswerSchema = z.object({ digest: worldDigestSchema, units: countSchema });
/** See {@link worldDigestAnswerSchema}. */
export type WorldDigestAnswer = z.infer<typeof worldDigestAnswerSchema>;

export const readSimSnapshots = simSnapshots.get('readSimSnapshots', '/sim/snapshots/v1/', {
  query: pagedListQuery(),
  response: paged(simSnapshotSchema),
  permission: PERMISSIONS.simulatorControl,
  summary: 'The saved field states, newest first.',
});

export const createSimSnapshot = simSnapshots.post('createSimSnapshot', '/create/sim_snapshot/v1', {
  body: z.strictObject({ name: nonBlankText(TEXT_MAX.name) }),
  response: simSnapshotSchema,
  successStatus: [201],
  permission: PERMISSIONS.simulatorControl,
  summary:
    'Saves the whole simulated world under a name (units, services, releases, settings, the clock, pending scenario steps).',
});

export const restoreSimSnapshot = simSnapshots.post('restoreSimSnapshot', '/sim/snapshot_restored/v1', {
  body: z.strictObject({ id: recordIdSchema }),
  response: z.object({ snapshot: simSnapshotSchema, digest: worldDigestSchema }),
  permission: PERMISSIONS.simulatorControl,
  summary:
    "Returns the world to a snapshot in one transaction (refused while a rollout or a bulk action runs); answers the world's digest after it. Staff data stays.",
});

export const exportSimSnapshot = simSnapshots.get('exportSimSnapshot', '/sim/snapshot/v1/export', {
  query: z.object({ id: recordIdText }),
  response: binaryResponseSchema,
  binary: true,
  permission: PERMISSIONS.simulatorControl,
  summary: `Downloads a snapshot as one gzip file of JSON lines (format ${SNAPSHOT_FORMAT}, version ${SNAPSHOT_FORMAT_VERSION}).`,
});

export const importSimSnapshot = simSnapshots.post('importSimSnapshot', '/sim/snapshot/v1/import', {
  bodyEncoding: 'raw',
  response: simSnapshotSchema,
  successStatus: [201],
  permission: PERMISSIONS.simulatorControl,
  summary:
    'Stores an exported snapshot sent as the raw body (application/gzip): its size, format, version and digest are checked; a bad file is refused with what is wrong and nothing stored.',
});

export const readWorldDigest = simSnapshots.get('readWorldDigest', '/sim/world_digest/v1', {
  response: worldDigestAnswerSchema,
  permission: PERMISSIONS.simulatorControl,
  summary: "The world's digest now, to compare with a snapshot's (testers and tests).",
});

/** The snapshot calls of the Simulator screen. */
export const simSnapshotsEndpoints = {
  readSimSnapshots,
  createSimSnapshot,
  restoreSimSnapshot,
  exportSimSnapshot,
  importSimSnapshot,
  readWorldDigest,
} as const;
