import type { ScenarioResult } from '@equipment-dashboard/contract';
import type { Simulator } from '../fleet/simulator';
import { ConflictError, ValidationError } from '../core/errors';
import { Rng } from '../core/random';
import { changeClock } from '../services/clock-service';
import { declarePlannedOutage, PLANNED_RECOVERY_MS, type PlannedMatcher } from '../services/planned-outages';
import { readAlignersFor } from '../services/equipment-service';
import { publishSoftwareUpdate } from '../services/releases-service';
import type { ServiceDeps } from '../services/service-deps';
import { ensureUpdateLibrary } from '../services/update-library';
import { insertDirective, resultsOf } from '../store/repos/directives-repo';
import { addFavorite, countFavorites, findUnit } from '../store/repos/units-repo';
import { SHARD_COUNT } from '../store/schema';
import { parseDuration } from '../core/duration';
import type { Scenario, ScenarioChanges } from './scenario-schema';
import { changeUnit, selectUnits } from './unit-changes';
import { changeServicesAndSettings } from './world-changes';
import { reshapeHistory } from './history-shape';
import { recordScenarioRun, scenarioSeed, stepCancelled } from './scenario-runs';

/** How long a call waits for the simulators of a cluster to apply a scenario's unit rules. */
const DIRECTIVE_WAIT_MS = 10_000;

/** Random units of the fleet for radars: the local simulator's, or the lists' index of a process without one. */
function someSerials(deps: ServiceDeps, count: number, rng: Rng): string[] {
  if (deps.sim) return selectUnits(deps, deps.sim, { count }, rng).map((u) => u.serialNumber);
  const all = [
    ...deps.readModels.index.serialsWhere('aligner', () => true),
    ...deps.readModels.index.serialsWhere('gtps', () => true),
  ];
  const picks: string[] = [];
  for (let i = 0; i < count && all.length > 0; i++)
    picks.push(all.splice(rng.int(0, all.length - 1), 1)[0] as string);
  return picks;
}

/** The unit rules of changes, by this process's simulator. */
async function changeLocalUnits(
  deps: ServiceDeps,
  sim: Simulator,
  changes: ScenarioChanges,
  rng: Rng,
): Promise<number> {
  let changed = 0;
  for (const rule of changes.units ?? []) {
    for (const unit of selectUnits(deps, sim, rule.select, rng)) {
      await changeUnit(deps, sim, unit, rule.set);
      changed += 1;
    }
  }
  return changed;
}

/**
 * The unit rules of changes, by the simulators of a cluster (a directive each applies to the shards it holds);
 * answers how many units changed once every shard's holder has applied it.
 */
async function changeClusterUnits(
  deps: ServiceDeps,
  changes: ScenarioChanges,
  seed: string,
): Promise<number> {
  if (!changes.units?.length) return 0;
  const id = await insertDirective(deps.db, { changes: { units: changes.units }, seed, dueAt: null });
  const deadline = Date.now() + DIRECTIVE_WAIT_MS;
  for (;;) {
    const results = await resultsOf(deps.db, id);
    const covered = new Set(results.flatMap((r) => r.shards));
    if (covered.size >= SHARD_COUNT) return results.reduce((sum, r) => sum + r.unitsChanged, 0);
    if (Date.now() > deadline) {
      if (results.length === 0)
        throw new ConflictError(
          'No simulator took the scenario within 10 s: is one running (FLEET_ROLE=sim)?',
          undefined,
          'no_simulator',
        );
      return results.reduce((sum, r) => sum + r.unitsChanged, 0);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function applyChanges(
  deps: ServiceDeps,
  changes: ScenarioChanges,
  rng: Rng,
  seed: string,
): Promise<number> {
  for (const release of changes.publish ?? []) {
    await publishSoftwareUpdate(deps, {
      family: release.family,
      semantic: release.version,
      meta: release.meta,
      path: release.path ?? `/updates/${release.family}/${release.version}`,
      prerequisite: '',
      createdBy: 'scenario',
    });
  }
  // A published release gets its update folder too, so it validates like the others.
  if (changes.publish?.length) await ensureUpdateLibrary(deps);
  await changeServicesAndSettings(deps, changes);
  // The units read the services and settings just stored before they change.
  await deps.follower.wake({ world: true });
  const changed = deps.sim
    ? await changeLocalUnits(deps, deps.sim, changes, rng)
    : await changeClusterUnits(deps, changes, seed);
  for (const fav of changes.favorites ?? []) {
    const have = await countFavorites(deps.db, fav.user);
    const wanted = fav.serials ?? [];
    const more = fav.fill
      ? Math.max(0, deps.config.FAVORITES_LIMIT - have - wanted.length)
      : (fav.count ?? 0);
    const picks = more > 0 ? someSerials(deps, more + 50, rng) : [];
    const serials = [...wanted, ...picks.filter((s) => !wanted.includes(s))].slice(0, wanted.length + more);
    for (const serial of serials) {
      if (!(await findUnit(deps.db, serial)))
        throw new ValidationError(`No unit with serial number ${serial}.`);
      await addFavorite(deps.db, fav.user, serial);
    }
    for (const aligner of await readAlignersFor(deps, fav.user, serials))
      deps.live.emitToUser(fav.user, 'RADAR_ADD_FAVORITE', aligner);
  }
  // What the units now report is stored before the answer (and before a step is said to be played).
  await deps.sim?.engine.flush();
  await deps.follower.wake({ world: true });
  return changed;
}

/**
 * What a planned scenario silences: one matcher per unit selection of its changes and one for the services it takes
 * down (a silence's keys must all match, so units and services cannot share one); a selection of any unit, the
 * gateway down, or nothing selected at all, silences everything.
 */
export function plannedMatchersOf(scenario: Scenario): PlannedMatcher[] {
  const all = [scenario, ...(scenario.steps ?? [])];
  const selects = all.flatMap((c) => (c.units ?? []).map((rule) => rule.select));
  const services = [
    ...new Set(
      all.flatMap((c) =>
        Object.entries(c.services ?? {})
          .filter(([, state]) => state === 'down')
          .map(([name]) => name),
      ),
    ),
  ];
  // The gateway down cuts every unit off: its outage is everyone's.
  if (services.includes('charon')) return [{}];
  const unitMatchers = selects.map((s) => ({
    serials: s.serials ?? [],
    countries: s.country ? [s.country.toUpperCase()] : [],
    families: s.family ? [s.family] : [],
  }));
  if (unitMatchers.some((m) => m.serials.length + m.countries.length + m.families.length === 0)) return [{}];
  const matchers: PlannedMatcher[] = [...new Map(unitMatchers.map((m) => [JSON.stringify(m), m])).values()];
  if (services.length > 0) matchers.push({ services });
  return matchers.length > 0 ? matchers : [{}];
}

/** How long a planned scenario's silence lasts: `plannedFor`, else its last step and the recovery margin. */
export function plannedDurationOf(scenario: Scenario): number {
  if (scenario.plannedFor !== undefined) return parseDuration(scenario.plannedFor);
  const last = Math.max(0, ...(scenario.steps ?? []).map((step) => parseDuration(step.at)));
  return last + PLANNED_RECOVERY_MS;
}

/** A later step of a run, on this process's simulator's timer: it plays at `at` unless cancelled before. */
export function scheduleLocalStep(
  deps: ServiceDeps,
  sim: Simulator,
  step: { runId: number; index: number; name: string; at: number; changes: ScenarioChanges; seed: string },
): void {
  sim.engine.at(step.at, () => {
    if (stepCancelled(sim, step.runId, step.index)) return;
    applyChanges(deps, step.changes, new Rng(step.seed), step.seed).catch((err: unknown) =>
      deps.logger.error({ err, scenario: step.name, step: step.index }, 'scenario step failed'),
    );
  });
}

/**
 * Puts the fleet into a scenario's field state: services, failure rates, churn, units, radars and releases
 * now; its steps later on the simulated clock; then the clock's speed and advance. The units are changed by
 * this process's simulator (FLEET_ROLE=all), or by the simulators of a cluster through directives in the store,
 * each on the shards it holds (a count is shared out by the shards each holds). The apply is recorded on the timeline
 * of applied scenarios with `appliedBy`; a step cancelled there before its time does not play.
 */
export async function applyScenario(
  deps: ServiceDeps,
  scenario: Scenario,
  appliedBy = 'scenario',
): Promise<ScenarioResult> {
  const seed = scenarioSeed(scenario);
  const rng = new Rng(seed);
  if (scenario.planned) {
    for (const matcher of plannedMatchersOf(scenario))
      await declarePlannedOutage(deps, matcher, plannedDurationOf(scenario), `scenario ${scenario.name}`);
  }
  const unitsChanged = await applyChanges(deps, scenario, rng, seed);
  const historyRows = scenario.history ? await reshapeHistory(deps, scenario.history) : 0;
  const start = deps.clock.now();
  const steps = (scenario.steps ?? []).map((step, i) => ({
    step,
    at: start + parseDuration(step.at),
    seed: `${seed}/${i}`,
  }));
  // In a cluster the simulators play the steps from directives; the run keeps their ids, so that a cancel drops them.
  const directiveIds: number[] = [];
  if (!deps.sim) {
    for (const { step, at, seed: stepSeed } of steps) {
      const { at: _at, ...changes } = step;
      directiveIds.push(await insertDirective(deps.db, { changes, seed: stepSeed, dueAt: new Date(at) }));
    }
  }
  const runId = await recordScenarioRun(deps, scenario, appliedBy, start, directiveIds);
  const sim = deps.sim;
  if (sim) {
    for (const [index, { step, at, seed: stepSeed }] of steps.entries())
      scheduleLocalStep(deps, sim, { runId, index, name: scenario.name, at, changes: step, seed: stepSeed });
  }
  if (scenario.clock?.speed !== undefined || scenario.clock?.advance !== undefined) {
    await changeClock(deps, { speed: scenario.clock.speed, step: scenario.clock.advance });
    await deps.sim?.engine.flush();
  }
  deps.logger.info(
    { scenario: scenario.name, unitsChanged, steps: scenario.steps?.length ?? 0, historyRows },
    'scenario applied',
  );
  return {
    name: scenario.name,
    unitsChanged,
    stepsScheduled: scenario.steps?.length ?? 0,
    clock: { now: new Date(deps.clock.now()).toISOString(), speed: deps.clock.speed },
  };
}
