import { simSnapshotsEndpoints as s, type SimSnapshot } from '@equipment-dashboard/contract';
import { ValidationError } from '../../core/errors';
import { exportSnapshot, importSnapshot } from '../../services/snapshot-file';
import { createSnapshot, readSnapshots, readWorldDigest } from '../../services/snapshots-service';
import { restoreField } from '../../scenarios/restore-field';
import type { ServiceDeps } from '../../services/service-deps';
import { noteSimulatorChange } from '../../services/simulator-activity';
import type { ApiRouter } from '../api-router';
import { streamResult } from '../route';

/** The Simulator screen's field-state snapshots: list, save, restore, export, import, and the world's digest. */
export function mountSimSnapshots(api: ApiRouter, deps: ServiceDeps): void {
  // Every save, restore and import is in the audit log with the snapshot it concerns, and told to other consoles.
  const note = (
    username: string,
    change: 'snapshot' | 'restore' | 'import',
    snapshot: SimSnapshot,
    more: object,
  ) => noteSimulatorChange(deps, username, change, { id: snapshot.id, name: snapshot.name, ...more });
  api
    .on(s.readSimSnapshots, ({ query }) => readSnapshots(deps, query.page))
    .on(s.readWorldDigest, () => readWorldDigest(deps))
    .on(s.createSimSnapshot, async ({ body, user }) => {
      const snapshot = await createSnapshot(deps, body.name.trim(), user.username);
      await note(user.username, 'snapshot', snapshot, { units: snapshot.units, digest: snapshot.digest });
      return snapshot;
    })
    .on(s.restoreSimSnapshot, async ({ body, user }) => {
      const { snapshot, digest, unitsChanged, stepsScheduled } = await restoreField(deps, body.id);
      await note(user.username, 'restore', snapshot, { unitsChanged, stepsScheduled, digest });
      return { snapshot, digest };
    })
    .on(s.exportSimSnapshot, async ({ query }) => {
      const { fileName, body } = await exportSnapshot(deps, Number(query.id));
      return streamResult({ contentType: 'application/gzip', fileName, body });
    })
    .on(s.importSimSnapshot, async ({ file, user }) => {
      if (!file) throw new ValidationError('The snapshot file is the body.', { file: 'missing' });
      const snapshot = await importSnapshot(deps, file.buffer, user.username);
      await note(user.username, 'import', snapshot, { units: snapshot.units, bytes: file.size });
      return snapshot;
    });
}
