import type { Family } from '@equipment-dashboard/domain';
import type { SoftwareUpdate } from '@equipment-dashboard/contract';
import { insertSoftwareUpdate } from '../store/repos/releases-repo';
import type { ServiceDeps } from './service-deps';

/**
 * Publishes a software update of a family. Consoles hear NEW_SOFTWARE_UPDATE_CREATED; when it is newer
 * than the family's latest it becomes the latest (and units below it can be staged to it).
 */
export async function publishSoftwareUpdate(
  deps: ServiceDeps,
  input: {
    family: Family;
    semantic: string;
    meta: string;
    path: string;
    prerequisite: string;
    createdBy: string;
  },
): Promise<SoftwareUpdate> {
  const row = await insertSoftwareUpdate(deps.db, {
    family: input.family,
    semantic: input.semantic,
    meta: input.meta,
    path: input.path,
    prerequisite: input.prerequisite,
    createdBy: input.createdBy,
  });
  deps.world.latest.offer(input.family, { semantic: row.semantic, meta: row.meta, path: row.path });
  deps.live.emit('NEW_SOFTWARE_UPDATE_CREATED', {
    family: input.family,
    version: { semantic: row.semantic, meta: row.meta },
    path: row.path,
  });
  deps.logger.info(
    { family: input.family, version: row.semantic, by: input.createdBy },
    'software update published',
  );
  return {
    family: input.family,
    version: { semantic: row.semantic, meta: row.meta },
    path: row.path,
    prerequisite: input.prerequisite,
    createdAt: row.createdAt.toISOString(),
  };
}
