import {
  type ResponseOf,
  createSimSnapshot,
  exportSimSnapshot,
  importSimSnapshot,
  readSimSnapshots,
  readWorldDigest,
  restoreSimSnapshot,
} from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';
import { TAG_TYPES } from './base-api';
import { toRequest } from './request';

const SNAPSHOTS = { type: 'Simulator', id: 'SNAPSHOTS' } as const;

/**
 * The Simulator screen's field-state snapshots: the list (read again after a save or an import here, or when another
 * console's arrives: SIMULATOR_CHANGED), the save, the restore (after which every screen's data is read again: the
 * whole world changed), the export (a mutation answering an object URL of the file: each click downloads anew) and
 * the import (the file's bytes as the body).
 */
export const simSnapshotsApi = injectAreaEndpoints((call, build) => ({
  readSimSnapshots: call.query(readSimSnapshots, [SNAPSHOTS]),
  readWorldDigest: call.query(readWorldDigest, [SNAPSHOTS]),
  createSimSnapshot: call.mutation(createSimSnapshot, [SNAPSHOTS]),
  restoreSimSnapshot: call.mutation(restoreSimSnapshot, [...TAG_TYPES]),
  exportSimSnapshot: call.queryMutation(exportSimSnapshot),
  importSimSnapshot: build.mutation<ResponseOf<typeof importSimSnapshot>, Blob>({
    query: (file) => toRequest(importSimSnapshot, { body: file }),
    invalidatesTags: [SNAPSHOTS],
  }),
}));

export const {
  useReadSimSnapshotsQuery,
  useReadWorldDigestQuery,
  useCreateSimSnapshotMutation,
  useRestoreSimSnapshotMutation,
  useExportSimSnapshotMutation,
  useImportSimSnapshotMutation,
} = simSnapshotsApi;
