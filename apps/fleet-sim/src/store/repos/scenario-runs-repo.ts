import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { scenarioRuns, type ScenarioRunStep } from '../schema';
import { insertOne, pageOf, type Page } from './rows';

export type ScenarioRunRow = typeof scenarioRuns.$inferSelect;

export async function insertScenarioRun(
  db: Db,
  row: { name: string; appliedBy: string; appliedAt: Date; steps: ScenarioRunStep[] },
): Promise<ScenarioRunRow> {
  return insertOne(db, scenarioRuns, row);
}

/** A page of the applied scenarios, newest first. */
export async function listScenarioRuns(db: Db, page: number): Promise<Page<ScenarioRunRow>> {
  return pageOf(db, scenarioRuns, { page, orderBy: [desc(scenarioRuns.appliedAt), desc(scenarioRuns.id)] });
}

export async function findScenarioRun(db: Db, id: number): Promise<ScenarioRunRow | undefined> {
  const [row] = await db.select().from(scenarioRuns).where(eq(scenarioRuns.id, id));
  return row;
}

export async function replaceScenarioRunSteps(db: Db, id: number, steps: ScenarioRunStep[]): Promise<void> {
  await db.update(scenarioRuns).set({ steps }).where(eq(scenarioRuns.id, id));
}

/** The runs that have later steps (a restore schedules their pending ones again). */
export async function scenarioRunsWithSteps(db: Db): Promise<ScenarioRunRow[]> {
  return db
    .select()
    .from(scenarioRuns)
    .where(sql`jsonb_array_length(${scenarioRuns.steps}) > 0`)
    .orderBy(scenarioRuns.id);
}
