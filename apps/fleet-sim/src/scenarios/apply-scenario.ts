import type { ScenarioResult } from '@equipment-dashboard/api';
import { compareVersions, isAtLeast, semanticOf, unitCapabilities, type Family, type ServiceName } from '@equipment-dashboard/domain';
import type { CommandName } from '@equipment-dashboard/api';
import { connect, disconnect } from '../fleet/simulation';
import { FLOW_TIMING, startFlow } from '../fleet/update-flow';
import { voltagesReport } from '../fleet/unit-reports';
import { IDLE_STATE, type TargetVersion, type UnitRuntime } from '../fleet/unit-runtime';
import { ValidationError } from '../http/errors';
import { Rng } from '../seed/random';
import { publishSoftwareUpdate } from '../services/releases-service';
import { ensureUpdateLibrary } from '../services/update-library';
import type { ServiceDeps } from '../services/service-deps';
import { addFavorite, countFavorites, writeReport } from '../store/repos/units-repo';
import { readAlignersFor } from '../services/equipment-service';
import { parseDuration } from './duration';
import type { Scenario, ScenarioChanges, Selection, UnitChange } from './scenario-schema';

function matches(deps: ServiceDeps, unit: UnitRuntime, s: Selection): boolean {
  if (s.family && unit.family !== s.family) return false;
  if (s.country && unit.countryCode !== s.country.toUpperCase()) return false;
  if (s.connected !== undefined && unit.connected !== s.connected) return false;
  if (s.staged !== undefined && Boolean(unit.pendingSoftwareDownload) !== s.staged) return false;
  if (s.version) {
    const prefix = s.version.endsWith('*') ? s.version.slice(0, -1) : s.version.endsWith('.') ? s.version : null;
    if (prefix !== null ? !unit.versionSemantic.startsWith(prefix) : unit.versionSemantic !== s.version) return false;
  }
  if (s.belowLatest) {
    const latest = deps.fleet.latest.of(unit.family);
    if (!latest || compareVersions(semanticOf(unit.versionSemantic), latest.semantic) >= 0) return false;
  }
  if (s.updatable !== undefined) {
    const can = unitCapabilities({ family: unit.family, version: { semantic: unit.versionSemantic } }, deps.fleet.latest.byFamily());
    // Staging a plain aligner also needs 4.0.0 (console-core §5); update status needs more.
    if (can.updateStatus !== s.updatable || (unit.family === 'aligner' && !isAtLeast(unit.versionSemantic, '4.0.0'))) return false;
  }
  return true;
}

/** The units a rule picks: every match, or a seeded random count or fraction of them. */
export function selectUnits(deps: ServiceDeps, selection: Selection, rng: Rng): UnitRuntime[] {
  const engine = deps.fleet.engine;
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
  const latest = deps.fleet.latest.of(family);
  if (ref === 'latest') {
    if (!latest) throw new ValidationError(`No ${family} update is published, so 'latest' means nothing.`);
    return latest;
  }
  return { semantic: ref, meta: '', path: `/updates/${family}/${ref}` };
}

function stagedAs(target: TargetVersion, now: number) {
  return {
    isStaged: true,
    autoStaged: false,
    stagedVersion: { semantic: target.semantic, meta: target.meta },
    stagedAt: new Date(now).toISOString(),
    path: target.path,
  };
}

const notStaged = { isStaged: false, autoStaged: false, stagedVersion: null, stagedAt: null, path: null };

async function changeUnit(deps: ServiceDeps, unit: UnitRuntime, change: UnitChange): Promise<void> {
  const engine = deps.fleet.engine;
  const now = engine.clock.now();
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
    if (change.staged === false) {
      u.pendingSoftwareDownload = '';
      u.staging = notStaged;
      u.flow = null;
      u.idleState = IDLE_STATE;
    } else if (change.staged) {
      const target = targetOf(deps, u.family, change.staged);
      u.pendingSoftwareDownload = target.semantic;
      u.staging = stagedAs(target, now);
      u.flow = startFlow(target, u.family, now, engine.rng);
    }
    if (change.update) {
      const target = targetOf(deps, u.family, change.update.target);
      const flow = startFlow(target, u.family, now, engine.rng);
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
      u.flow = flow;
      u.pendingSoftwareDownload = target.semantic;
      u.staging = stagedAs(target, now);
    }
  });
  engine.state.aggregates.offerTop(unit);
  if (change.voltages) {
    const trouble = change.voltages === 'outOfRange';
    if (trouble) deps.fleet.voltageTrouble.add(unit.serialNumber);
    else deps.fleet.voltageTrouble.delete(unit.serialNumber);
    await writeReport(deps.db, unit.serialNumber, 'voltages', voltagesReport(engine.rng, now, trouble), new Date(now));
  }
}

async function applyChanges(deps: ServiceDeps, changes: ScenarioChanges, rng: Rng): Promise<number> {
  const engine = deps.fleet.engine;
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
  for (const [name, state] of Object.entries(changes.services ?? {})) {
    await engine.setService(name as ServiceName, state === 'up');
  }
  for (const [command, rate] of Object.entries(changes.failureRates ?? {})) {
    deps.fleet.commands.failureRates.set(command as CommandName, rate as number);
  }
  if (changes.churn !== undefined) engine.churn = changes.churn;
  let changed = 0;
  for (const rule of changes.units ?? []) {
    for (const unit of selectUnits(deps, rule.select, rng)) {
      await changeUnit(deps, unit, rule.set);
      changed += 1;
    }
  }
  for (const fav of changes.favorites ?? []) {
    const have = await countFavorites(deps.db, fav.user);
    const wanted = fav.serials ?? [];
    const more = fav.fill ? Math.max(0, deps.config.FAVORITES_LIMIT - have - wanted.length) : (fav.count ?? 0);
    const picks = more > 0 ? selectUnits(deps, { count: more + 50 }, rng).map((u) => u.serialNumber) : [];
    const serials = [...wanted, ...picks.filter((s) => !wanted.includes(s))].slice(0, wanted.length + more);
    for (const serial of serials) {
      if (!engine.get(serial)) throw new ValidationError(`No unit with serial number ${serial}.`);
      await addFavorite(deps.db, fav.user, serial);
      engine.state.watch(fav.user, serial);
    }
    for (const aligner of await readAlignersFor(deps, fav.user, serials)) deps.live.emitToUser(fav.user, 'RADAR_ADD_FAVORITE', aligner);
  }
  return changed;
}

/**
 * Puts the fleet into a scenario's field state: services, failure rates, churn, units, radars and
 * releases now; its steps later on the simulated clock; then the clock's speed and advance.
 */
export async function applyScenario(deps: ServiceDeps, scenario: Scenario): Promise<ScenarioResult> {
  const engine = deps.fleet.engine;
  const rng = new Rng(`scenario/${scenario.seed ?? scenario.name}`);
  const unitsChanged = await applyChanges(deps, scenario, rng);
  const start = engine.clock.now();
  for (const [i, step] of (scenario.steps ?? []).entries()) {
    engine.at(start + parseDuration(step.at), () => {
      applyChanges(deps, step, rng.fork(i)).catch((err: unknown) =>
        deps.logger.error({ err, scenario: scenario.name, step: i }, 'scenario step failed'),
      );
    });
  }
  if (scenario.clock?.speed !== undefined) engine.clock.setSpeed(scenario.clock.speed);
  if (scenario.clock?.advance !== undefined) engine.clock.step(parseDuration(scenario.clock.advance));
  await engine.flush();
  deps.logger.info({ scenario: scenario.name, unitsChanged, steps: scenario.steps?.length ?? 0 }, 'scenario applied');
  return {
    name: scenario.name,
    unitsChanged,
    stepsScheduled: scenario.steps?.length ?? 0,
    clock: { now: new Date(engine.clock.now()).toISOString(), speed: engine.clock.speed },
  };
}
