import type { ScenarioResult } from '@equipment-dashboard/api';
import { compareVersions, isAtLeast, semanticOf, unitCapabilities, type Family } from '@equipment-dashboard/domain';
import { isPending } from '../fleet/desired-state';
import { FLEET_SETTINGS_KEY, type FleetSettings } from '../fleet/fleet-settings';
import type { Simulator } from '../fleet/simulator';
import { connect, disconnect } from '../fleet/simulation';
import { FLOW_TIMING } from '../fleet/update-flow';
import { voltagesReport } from '../fleet/unit-reports';
import type { TargetVersion, UnitRuntime } from '../fleet/unit-runtime';
import { ConflictError, ValidationError } from '../http/errors';
import { Rng } from '../seed/random';
import { changeClock } from '../services/clock-service';
import { readAlignersFor } from '../services/equipment-service';
import { publishSoftwareUpdate } from '../services/releases-service';
import type { ServiceDeps } from '../services/service-deps';
import { ensureUpdateLibrary } from '../services/update-library';
import { writeStaging } from '../store/repos/desired-repo';
import { writeService } from '../store/repos/services-repo';
import { replaceSetting } from '../store/repos/settings-repo';
import { addFavorite, countFavorites, findUnitWithDesired, writeReport } from '../store/repos/units-repo';
import { parseDuration } from './duration';
import type { Scenario, ScenarioChanges, Selection, UnitChange } from './scenario-schema';

function matches(deps: ServiceDeps, unit: UnitRuntime, s: Selection): boolean {
  if (s.family && unit.family !== s.family) return false;
  if (s.country && unit.countryCode !== s.country.toUpperCase()) return false;
  if (s.connected !== undefined && unit.connected !== s.connected) return false;
  if (s.staged !== undefined && isPending(unit.desired, unit.stagedRevDone) !== s.staged) return false;
  if (s.version) {
    const prefix = s.version.endsWith('*') ? s.version.slice(0, -1) : s.version.endsWith('.') ? s.version : null;
    if (prefix !== null ? !unit.versionSemantic.startsWith(prefix) : unit.versionSemantic !== s.version) return false;
  }
  if (s.belowLatest) {
    const latest = deps.world.latest.of(unit.family);
    if (!latest || compareVersions(semanticOf(unit.versionSemantic), latest.semantic) >= 0) return false;
  }
  if (s.updatable !== undefined) {
    const can = unitCapabilities({ family: unit.family, version: { semantic: unit.versionSemantic } }, deps.world.latest.byFamily());
    // Staging a plain aligner also needs 4.0.0 (console-core §5); update status needs more.
    if (can.updateStatus !== s.updatable || (unit.family === 'aligner' && !isAtLeast(unit.versionSemantic, '4.0.0'))) return false;
  }
  return true;
}

/** The units a rule picks among the simulator's units: every match, or a seeded random count or fraction of them. */
export function selectUnits(deps: ServiceDeps, sim: Simulator, selection: Selection, rng: Rng): UnitRuntime[] {
  const engine = sim.engine;
  if (selection.serials) {
    const missing = selection.serials.filter((s) => !engine.get(s));
    if (missing.length > 0) throw new ValidationError(`No unit with serial number ${missing.join(', ')}.`, { missing });
  }
  const pool = selection.serials
    ? selection.serials.map((s) => engine.get(s) as UnitRuntime).filter((u) => matches(deps, u, selection))
    : [...engine.state.units.values()].filter((u) => matches(deps, u, selection));
  const wanted = selection.count ?? (selection.fraction !== undefined ? Math.max(1, Math.round(pool.length * selection.fraction)) : pool.length);
  if (wanted >= pool.length) return pool;
  // A partial Fisher-Yates shuffle: the same seed picks the same units.
  for (let i = 0; i < wanted; i++) {
    const j = rng.int(i, pool.length - 1);
    [pool[i], pool[j]] = [pool[j] as UnitRuntime, pool[i] as UnitRuntime];
  }
  return pool.slice(0, wanted);
}

function targetOf(deps: ServiceDeps, family: Family, ref: string): TargetVersion {
  const latest = deps.world.latest.of(family);
  if (ref === 'latest') {
    if (!latest) throw new ValidationError(`No ${family} update is published, so 'latest' means nothing.`);
    return latest;
  }
  return { semantic: ref, meta: '', path: `/updates/${family}/${ref}` };
}

/**
 * Stages (or unstages) a unit as the API does, in the store, and lets the unit take it at once: a
 * scenario sets desired state through the same writer as the console.
 */
async function setStaging(deps: ServiceDeps, sim: Simulator, unit: UnitRuntime, target: TargetVersion | null): Promise<void> {
  const found = await findUnitWithDesired(deps.db, unit.serialNumber);
  if (!found) return;
  const written = await writeStaging(deps.db, {
    serialNumber: unit.serialNumber,
    family: found.unit.family,
    shard: found.unit.shard,
    expectedRev: found.desired ? Number(found.desired.rev) : 0,
    target: target && { ...target, autoStaged: false },
    by: 'scenario',
    at: deps.clock.nowDate(),
  });
  if (written) {
    deps.views.takeCounts(written.counts);
    sim.engine.applyDesired([written.desired]);
  }
}

async function changeUnit(deps: ServiceDeps, sim: Simulator, unit: UnitRuntime, change: UnitChange): Promise<void> {
  const engine = sim.engine;
  const now = deps.clock.now();
  if (change.staged === false && isPending(unit.desired, unit.stagedRevDone)) await setStaging(deps, sim, unit, null);
  else if (change.staged) await setStaging(deps, sim, unit, targetOf(deps, unit.family, change.staged));
  if (change.update) await setStaging(deps, sim, unit, targetOf(deps, unit.family, change.update.target));
  engine.change(unit, (u) => {
    if (change.connected === true && !u.connected) connect(u, engine.rng, now);
    if (change.connected === false && u.connected) disconnect(u, now);
    if (change.flapping !== undefined) u.flapping = change.flapping;
    if (change.version) {
      u.versionSemantic = change.version;
      u.versionMeta = '';
    }
    if (change.logLevel) u.logLevel = change.logLevel;
    if (change.targetType) u.targetType = change.targetType;
    if (change.alignmentCount !== undefined) u.alignmentCount = change.alignmentCount;
    const flow = u.flow;
    if (change.update && flow) {
      const progress = (change.update.progress ?? 0) / 100;
      flow.phase = change.update.phase;
      flow.phaseStartedAt = now;
      flow.hung = change.update.hung ?? false;
      if (change.update.phase === 'downloading') {
        flow.software.bytesTransferred = Math.floor(flow.software.totalBytes * progress);
      } else if (change.update.phase !== 'pending') {
        flow.software.bytesTransferred = flow.software.totalBytes;
        flow.specs.bytesTransferred = flow.specs.totalBytes;
      }
      if (change.update.phase === 'installing') {
        flow.installProgress = Math.round(progress * 100);
        flow.phaseStartedAt = now - progress * FLOW_TIMING.installing;
      }
    }
  });
  if (change.voltages) {
    const trouble = change.voltages === 'outOfRange';
    if (trouble) sim.voltageTrouble.add(unit.serialNumber);
    else sim.voltageTrouble.delete(unit.serialNumber);
    await writeReport(deps.db, unit.serialNumber, 'voltages', voltagesReport(engine.rng, now, trouble), new Date(now));
  }
}

async function changeSettings(deps: ServiceDeps, changes: ScenarioChanges): Promise<void> {
  if (changes.churn === undefined && !changes.failureRates) return;
  const settings: FleetSettings = {
    churn: changes.churn ?? deps.world.settings.churn,
    failureRates: { ...deps.world.settings.failureRates, ...(changes.failureRates ?? {}) },
  };
  await replaceSetting(deps.db, FLEET_SETTINGS_KEY, settings);
}

async function applyChanges(deps: ServiceDeps, sim: Simulator, changes: ScenarioChanges, rng: Rng): Promise<number> {
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
  for (const [name, state] of Object.entries(changes.services ?? {})) await writeService(deps.db, name, state === 'up');
  await changeSettings(deps, changes);
  // The units read the services and settings just stored before they change.
  await deps.follower.wake({ world: true });
  let changed = 0;
  for (const rule of changes.units ?? []) {
    for (const unit of selectUnits(deps, sim, rule.select, rng)) {
      await changeUnit(deps, sim, unit, rule.set);
      changed += 1;
    }
  }
  for (const fav of changes.favorites ?? []) {
    const have = await countFavorites(deps.db, fav.user);
    const wanted = fav.serials ?? [];
    const more = fav.fill ? Math.max(0, deps.config.FAVORITES_LIMIT - have - wanted.length) : (fav.count ?? 0);
    const picks = more > 0 ? selectUnits(deps, sim, { count: more + 50 }, rng).map((u) => u.serialNumber) : [];
    const serials = [...wanted, ...picks.filter((s) => !wanted.includes(s))].slice(0, wanted.length + more);
    for (const serial of serials) {
      if (!sim.engine.get(serial)) throw new ValidationError(`No unit with serial number ${serial}.`);
      await addFavorite(deps.db, fav.user, serial);
    }
    for (const aligner of await readAlignersFor(deps, fav.user, serials)) deps.live.emitToUser(fav.user, 'RADAR_ADD_FAVORITE', aligner);
  }
  // What the units now report is stored before the answer (and before a step is said to be played).
  await sim.engine.flush();
  await deps.follower.wake({ world: true });
  return changed;
}

/**
 * Puts the fleet into a scenario's field state: services, failure rates, churn, units, radars and
 * releases now; its steps later on the simulated clock; then the clock's speed and advance. The units are
 * this process's simulator's: a process that runs none (SIM_ENGINE=false) refuses.
 */
export async function applyScenario(deps: ServiceDeps, scenario: Scenario): Promise<ScenarioResult> {
  const sim = deps.sim;
  if (!sim) {
    throw new ConflictError(
      'This process simulates no units (SIM_ENGINE=false): apply scenarios through the process that runs the fleet.',
      undefined,
      'no_simulator',
    );
  }
  const rng = new Rng(`scenario/${scenario.seed ?? scenario.name}`);
  const unitsChanged = await applyChanges(deps, sim, scenario, rng);
  const start = deps.clock.now();
  for (const [i, step] of (scenario.steps ?? []).entries()) {
    sim.engine.at(start + parseDuration(step.at), () => {
      applyChanges(deps, sim, step, rng.fork(i)).catch((err: unknown) =>
        deps.logger.error({ err, scenario: scenario.name, step: i }, 'scenario step failed'),
      );
    });
  }
  if (scenario.clock?.speed !== undefined || scenario.clock?.advance !== undefined) {
    await changeClock(deps, { speed: scenario.clock.speed, step: scenario.clock.advance });
    await sim.engine.flush();
  }
  deps.logger.info({ scenario: scenario.name, unitsChanged, steps: scenario.steps?.length ?? 0 }, 'scenario applied');
  return {
    name: scenario.name,
    unitsChanged,
    stepsScheduled: scenario.steps?.length ?? 0,
    clock: { now: new Date(deps.clock.now()).toISOString(), speed: deps.clock.speed },
  };
}
