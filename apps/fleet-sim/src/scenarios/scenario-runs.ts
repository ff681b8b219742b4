import type { ScenarioRun } from '@equipment-dashboard/contract';
import { NotFoundError } from '../core/errors';
import { parseDuration } from '../core/duration';
import type { Simulator } from '../fleet/simulator';
import type { ServiceDeps } from '../services/service-deps';
import { deleteDirectives } from '../store/repos/directives-repo';
import { inTransaction } from '../store/transaction';
import {
  findScenarioRun,
  insertScenarioRun,
  listScenarioRuns,
  replaceScenarioRunSteps,
  type ScenarioRunRow,
} from '../store/repos/scenario-runs-repo';
import type { Scenario } from './scenario-schema';

/**
 * The steps cancelled in this process, by its simulator ('run/step'): a step's timer checks it when it fires. The
 * timers live in the process that simulates the units, as the cancels that reach them do.
 */
const cancelledSteps = new WeakMap<Simulator, Set<string>>();

const stepKey = (runId: number, index: number) => `${runId}/${index}`;

/** The seed of a scenario's random picks (its steps' are this and the step's index). */
export function scenarioSeed(scenario: Pick<Scenario, 'seed' | 'name'>): string {
  return `scenario/${scenario.seed ?? scenario.name}`;
}

/** Forgets the cancels of this process's simulator (a restore brings back runs whose steps say their own). */
export function forgetCancels(sim: Simulator): void {
  cancelledSteps.delete(sim);
}

/** Whether a tester cancelled a step of a run before it played (in this process's simulator). */
export function stepCancelled(sim: Simulator, runId: number, index: number): boolean {
  return cancelledSteps.get(sim)?.has(stepKey(runId, index)) ?? false;
}

/** A run as the timeline shows it: each step pending, played (its time has come) or cancelled. */
function runOf(row: ScenarioRunRow, now: number): ScenarioRun {
  return {
    id: row.id,
    name: row.name,
    appliedBy: row.appliedBy,
    appliedAt: row.appliedAt.toISOString(),
    steps: row.steps.map((step) => ({
      at: step.at,
      dueAt: step.dueAt,
      state: step.cancelledAt !== null ? 'cancelled' : Date.parse(step.dueAt) <= now ? 'played' : 'pending',
      cancelledBy: step.cancelledBy,
    })),
  };
}

/** Records an applied scenario on the timeline: who, when (simulated), and when each later step plays. */
export async function recordScenarioRun(
  deps: ServiceDeps,
  scenario: Scenario,
  appliedBy: string,
  start: number,
  directiveIds: readonly number[] = [],
): Promise<number> {
  const row = await insertScenarioRun(deps.db, {
    name: scenario.name,
    appliedBy,
    appliedAt: new Date(start),
    steps: (scenario.steps ?? []).map(({ at, ...changes }, i) => ({
      at: typeof at === 'number' ? `${at}ms` : at.trim(),
      dueAt: new Date(start + parseDuration(at)).toISOString(),
      cancelledAt: null,
      cancelledBy: null,
      changes,
      seed: `${scenarioSeed(scenario)}/${i}`,
      ...(directiveIds[i] !== undefined && { directiveId: directiveIds[i] }),
    })),
  });
  return row.id;
}

/** A page of the timeline, newest first. */
export async function readScenarioRuns(
  deps: ServiceDeps,
  page: number,
): Promise<{ docs: ScenarioRun[]; totalDocs: number }> {
  const { docs, totalDocs } = await listScenarioRuns(deps.db, page);
  const now = deps.clock.now();
  return { docs: docs.map((row) => runOf(row, now)), totalDocs };
}

/** Cancels the steps of a run that have not played yet (the others stay as they were); answers how many it cancelled. */
export async function cancelScenarioRun(
  deps: ServiceDeps,
  id: number,
  by: string,
): Promise<{ run: ScenarioRun; cancelled: number }> {
  const row = await findScenarioRun(deps.db, id);
  if (!row) throw new NotFoundError(`No applied scenario with id ${id}.`);
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  let cancelled = 0;
  const directives: number[] = [];
  const steps = row.steps.map((step, index) => {
    if (step.cancelledAt !== null || Date.parse(step.dueAt) <= now) return step;
    if (deps.sim) {
      const set = cancelledSteps.get(deps.sim) ?? new Set<string>();
      set.add(stepKey(id, index));
      cancelledSteps.set(deps.sim, set);
    }
    if (step.directiveId !== undefined) directives.push(step.directiveId);
    cancelled += 1;
    return { ...step, cancelledAt: at, cancelledBy: by };
  });
  await inTransaction(deps.db, async (tx) => {
    await replaceScenarioRunSteps(tx, id, steps);
    await deleteDirectives(tx, directives);
  });
  return { run: runOf({ ...row, steps }, now), cancelled };
}
