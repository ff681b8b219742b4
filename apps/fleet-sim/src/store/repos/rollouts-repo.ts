import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { RolloutState, RolloutUnitState } from '@equipment-dashboard/domain';
import type { Db } from '../database';
import { rollouts, rolloutUnits, units } from '../schema';
import { escapeLike } from './users-repo';
import { findOne, pageOf, type Page } from './rows';
import { inTransaction } from '../transaction';

export type RolloutRow = typeof rollouts.$inferSelect;
export type RolloutUnitRow = typeof rolloutUnits.$inferSelect;

/** Rows per insert statement of a rollout's units (6 parameters each, well under PostgreSQL's 65,535). */
const UNITS_PER_INSERT = 2_000;

/** Stores a rollout and its units (each with its phase) in one transaction; answers the stored rollout. */
export async function insertRollout(
  db: Db,
  row: typeof rollouts.$inferInsert,
  units: readonly { serialNumber: string; phase: number }[],
  at: Date,
): Promise<RolloutRow> {
  return inTransaction(db, async (t) => {
    const [created] = await t.insert(rollouts).values(row).returning();
    if (!created) throw new Error('insert returned no rollout');
    for (let i = 0; i < units.length; i += UNITS_PER_INSERT) {
      await t.insert(rolloutUnits).values(
        units.slice(i, i + UNITS_PER_INSERT).map((u) => ({
          rolloutId: created.id,
          serialNumber: u.serialNumber,
          phase: u.phase,
          state: 'pending',
          updatedAt: at,
        })),
      );
    }
    return created;
  });
}

/** A page of rollouts, newest first, optionally those whose name contains `filterName`. */
export function listRollouts(
  db: Db,
  query: { page: number; filterName?: string },
): Promise<Page<RolloutRow>> {
  const where = query.filterName
    ? sql`${rollouts.name} ILIKE ${`%${escapeLike(query.filterName)}%`}`
    : undefined;
  return pageOf(db, rollouts, { page: query.page, where, orderBy: [desc(rollouts.id)] });
}

export async function findRollout(db: Db, id: number): Promise<RolloutRow | undefined> {
  return findOne(db, rollouts, eq(rollouts.id, id));
}

/** Rollouts in some states (the driver's: running ones). */
export function rolloutsIn(db: Db, states: readonly RolloutState[]): Promise<RolloutRow[]> {
  return db
    .select()
    .from(rollouts)
    .where(inArray(rollouts.state, [...states]))
    .orderBy(rollouts.id);
}

/** Counts of some rollouts' units by phase and state. */
export async function phaseCounts(
  db: Db,
  ids: readonly number[],
): Promise<{ rolloutId: number; phase: number; state: string; n: number }[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      rolloutId: rolloutUnits.rolloutId,
      phase: rolloutUnits.phase,
      state: rolloutUnits.state,
      n: count(),
    })
    .from(rolloutUnits)
    .where(inArray(rolloutUnits.rolloutId, [...ids]))
    .groupBy(rolloutUnits.rolloutId, rolloutUnits.phase, rolloutUnits.state);
}

/** A rollout's units in a state, in phase order (failed ones for the detail: the first `limit`). */
export function unitsInState(
  db: Db,
  id: number,
  state: RolloutUnitState,
  limit: number,
): Promise<RolloutUnitRow[]> {
  return db
    .select()
    .from(rolloutUnits)
    .where(and(eq(rolloutUnits.rolloutId, id), eq(rolloutUnits.state, state)))
    .orderBy(rolloutUnits.phase, rolloutUnits.serialNumber)
    .limit(limit);
}

/** How many of a rollout's units were skipped, by reason. */
export async function skippedReasons(db: Db, id: number): Promise<{ reason: string; count: number }[]> {
  const rows = await db
    .select({ reason: rolloutUnits.reason, n: count() })
    .from(rolloutUnits)
    .where(and(eq(rolloutUnits.rolloutId, id), eq(rolloutUnits.state, 'skipped')))
    .groupBy(rolloutUnits.reason)
    .orderBy(desc(count()));
  return rows.map((r) => ({ reason: r.reason ?? '', count: r.n }));
}

/**
 * Changes a rollout's state only while it is in one of `from` (a transition racing another one loses):
 * answers the changed row, or undefined when its state was not one of them.
 */
export async function changeRollout(
  db: Db,
  id: number,
  from: readonly RolloutState[],
  set: Partial<Pick<RolloutRow, 'state' | 'currentPhase' | 'pauseReason' | 'target'>>,
  at: Date,
): Promise<RolloutRow | undefined> {
  const [row] = await db
    .update(rollouts)
    .set({ ...set, updatedAt: at })
    .where(and(eq(rollouts.id, id), inArray(rollouts.state, [...from])))
    .returning();
  return row;
}

/** Marks a rollout as changed (its counts moved) so readers following `updated_at` see it. */
export async function touchRollout(db: Db, id: number, at: Date): Promise<void> {
  await db.update(rollouts).set({ updatedAt: at }).where(eq(rollouts.id, id));
}

/** A rollout's unit is under way once staged (started) and until it is done, failed or skipped. */
const underWay = () =>
  and(
    inArray(rolloutUnits.state, ['pending', 'downloading', 'installing']),
    isNotNull(rolloutUnits.startedAt),
  );

/** Staged units still under way, of every rollout (the driver follows them whatever the rollout's state). */
export function unitsUnderWay(db: Db, id: number): Promise<RolloutUnitRow[]> {
  return db
    .select()
    .from(rolloutUnits)
    .where(and(eq(rolloutUnits.rolloutId, id), underWay()));
}

/** Rollouts with staged units still under way. */
export async function rolloutsWithUnitsUnderWay(db: Db): Promise<number[]> {
  const rows = await db.selectDistinct({ id: rolloutUnits.rolloutId }).from(rolloutUnits).where(underWay());
  return rows.map((r) => r.id);
}

/** Units of a phase not staged yet. */
export function unstagedUnits(db: Db, id: number, phase: number): Promise<RolloutUnitRow[]> {
  return db
    .select()
    .from(rolloutUnits)
    .where(
      and(
        eq(rolloutUnits.rolloutId, id),
        eq(rolloutUnits.phase, phase),
        eq(rolloutUnits.state, 'pending'),
        isNull(rolloutUnits.startedAt),
      ),
    )
    .orderBy(rolloutUnits.serialNumber);
}

/** One unit's new state (and why), its unit's last updater state, and since when (simulated). */
export interface RolloutUnitChange {
  serialNumber: string;
  state: RolloutUnitState;
  reason: string | null;
  lastState: string | null;
  startedAt?: Date;
  at: Date;
}

/** Writes units' changes in one transaction. */
export async function updateRolloutUnits(
  db: Db,
  id: number,
  changes: readonly RolloutUnitChange[],
): Promise<void> {
  if (changes.length === 0) return;
  await inTransaction(db, async (t) => {
    for (const c of changes) {
      await t
        .update(rolloutUnits)
        .set({
          state: c.state,
          reason: c.reason,
          lastState: c.lastState,
          updatedAt: c.at,
          ...(c.startedAt ? { startedAt: c.startedAt } : {}),
        })
        .where(and(eq(rolloutUnits.rolloutId, id), eq(rolloutUnits.serialNumber, c.serialNumber)));
    }
  });
}

/** The units of a rollout that are waiting (pending): staged ones not downloading yet, and unstaged ones. */
export function pendingUnits(db: Db, id: number): Promise<RolloutUnitRow[]> {
  return db
    .select()
    .from(rolloutUnits)
    .where(and(eq(rolloutUnits.rolloutId, id), eq(rolloutUnits.state, 'pending')));
}

/** Of some serials, those of units of `family` in the store (in chunks: a CSV may name tens of thousands). */
export async function serialsOfFamily(db: Db, serials: readonly string[], family: string): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < serials.length; i += 5_000) {
    const rows = await db
      .select({ serialNumber: units.serialNumber })
      .from(units)
      .where(and(inArray(units.serialNumber, serials.slice(i, i + 5_000)), eq(units.family, family)));
    out.push(...rows.map((r) => r.serialNumber));
  }
  return out;
}
