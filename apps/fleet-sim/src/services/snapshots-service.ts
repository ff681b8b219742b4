import type { SimSnapshot } from '@equipment-dashboard/contract';
import { ConflictError, NotFoundError } from '../core/errors';
import { longRunningDb, type Db } from '../store/database';
import { rowsOf } from '../store/repos/feed-repo';
import {
  findSnapshot,
  listSnapshots,
  restoreSnapshot,
  saveSnapshot,
  worldDigestIn,
  type SnapshotRow,
} from '../store/repos/snapshots-repo';
import { sql } from 'drizzle-orm';
import type { ServiceDeps } from './service-deps';

/** A stored snapshot as the contract answers it. */
export function snapshotOf(row: SnapshotRow): SimSnapshot {
  return {
    id: row.id,
    name: row.name,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    simulatedAt: row.simulatedAt.toISOString(),
    units: row.units,
    digest: row.digest,
    bytes: row.bytes,
  };
}

/** What a digest covers besides the tables, now: the simulated clock, its speed, the seed. */
const headNow = (deps: ServiceDeps) => ({
  simulatedAt: deps.clock.now(),
  speed: deps.clock.speed,
  seed: deps.config.FLEET_SEED,
});

export async function readSnapshots(
  deps: ServiceDeps,
  page: number,
): Promise<{ docs: SimSnapshot[]; totalDocs: number }> {
  const { docs, totalDocs } = await listSnapshots(deps.db, page);
  return { docs: docs.map(snapshotOf), totalDocs };
}

/** The world's digest now (with the clock as this process reads it, after its units' changes are written). */
export async function readWorldDigest(deps: ServiceDeps): Promise<{ digest: string; units: number }> {
  await deps.sim?.engine.flush(true);
  return worldDigestIn(longRunningDb(deps.db), headNow(deps));
}

/**
 * Runs `work` with this process's simulator (if it runs one) stopped and its changes written: the store then holds
 * the world as the units have it. `after` says how the units go on: as they were, or loaded again from the store.
 */
async function withUnitsStill<T>(
  deps: ServiceDeps,
  work: () => Promise<T>,
  reloadAfter: (result: T) => boolean,
): Promise<T> {
  const sim = deps.sim;
  if (!sim) return work();
  await sim.engine.flush(true);
  await sim.pause();
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await sim.reload(true);
    throw error;
  }
  if (reloadAfter(result)) {
    // The clock's row first: the units are loaded at the restored time.
    await deps.follower.wake({ world: true });
    await sim.reload();
  } else await sim.reload(true);
  return result;
}

/** Saves the whole simulated world under a name. */
export async function createSnapshot(deps: ServiceDeps, name: string, by: string): Promise<SimSnapshot> {
  const row = await withUnitsStill(
    deps,
    () => saveSnapshot(longRunningDb(deps.db), { name, createdBy: by, ...headNow(deps) }),
    () => false,
  );
  return snapshotOf(row);
}

/** Why the world may not be restored now (a rollout or a bulk action runs: they would act on another world), or null. */
async function restoreRefusal(db: Db): Promise<string | null> {
  const [running] = rowsOf<{ rollouts: number; bulk: number }>(
    await db.execute(sql`SELECT
      (SELECT count(*)::int FROM rollouts WHERE state = 'running') AS rollouts,
      (SELECT count(*)::int FROM bulk_actions WHERE state = 'running') AS bulk`),
  );
  if (running?.rollouts)
    return `${running.rollouts} rollout(s) running: pause or abort them before restoring the field state.`;
  if (running?.bulk)
    return `${running.bulk} bulk action(s) running: wait for them to end before restoring the field state.`;
  return null;
}

/**
 * Returns the world to a snapshot, exactly, in one transaction (see restoreSnapshot in the store): refused while a
 * rollout or a bulk action runs. This process's units are loaded again from the store, its read models follow the
 * change records as every other process's do, and the simulators of a cluster, fenced out, load their shards again.
 */
export async function restoreWorld(
  deps: ServiceDeps,
  id: number,
): Promise<{ snapshot: SimSnapshot; digest: string; unitsChanged: number }> {
  const row = await findSnapshot(deps.db, id);
  if (!row) throw new NotFoundError(`No snapshot with id ${id}.`);
  const refusal = await restoreRefusal(deps.db);
  if (refusal) throw new ConflictError(refusal, undefined, 'restore_refused');
  const clock = { baseSim: row.simulatedAt.getTime(), baseReal: Date.now(), speed: row.speed };
  const started = Date.now();
  let committedAt = 0;
  const { stepsMs, ...result } = await withUnitsStill(
    deps,
    async () => {
      const restored = await restoreSnapshot(longRunningDb(deps.db), row, clock);
      committedAt = Date.now();
      return restored;
    },
    () => true,
  );
  const reloadedAt = Date.now();
  // The lists, the dashboard and the world of this process show the restored world before the answer.
  await deps.follower.wake({ world: true });
  deps.logger.info(
    {
      snapshot: row.id,
      unitsChanged: result.unitsChanged,
      transactionMs: committedAt - started,
      stepsMs,
      reloadMs: reloadedAt - committedAt,
      followMs: Date.now() - reloadedAt,
    },
    'snapshot restored',
  );
  return { snapshot: snapshotOf(row), ...result };
}
