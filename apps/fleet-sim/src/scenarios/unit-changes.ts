import {
  compareVersions,
  isAtLeast,
  selectionSize,
  semanticOf,
  unitCapabilities,
  type Family,
} from '@equipment-dashboard/domain';
import { isPending } from '../fleet/desired-state';
import type { Simulator } from '../fleet/simulator';
import { connect, disconnect } from '../fleet/simulation';
import { FLOW_TIMING } from '../fleet/update-flow';
import { voltagesReport } from '../fleet/unit-reports';
import type { TargetVersion, UnitRuntime } from '../fleet/unit-runtime';
import { ValidationError } from '../core/errors';
import type { Rng } from '../core/random';
import type { SelectionFacts } from '../read-models/unit-index';
import type { ServiceDeps } from '../services/service-deps';
import { commitStaging } from '../services/staging-service';
import { findUnitWithDesired, writeReport } from '../store/repos/units-repo';
import type { Selection, UnitChange } from './scenario-schema';

/** What a scenario's unit changes need: the store, the clock, the world's releases, the process's read models. */
export type UnitDeps = Pick<ServiceDeps, 'db' | 'clock' | 'world' | 'readModels'>;

/**
 * Whether a unit is among a selection's units by its filters (not its count or fraction): a simulated unit, or a
 * cell of the lists' index (a preview). `staged` is asked only when the selection looks at it.
 */
export function selectionMatches(
  deps: Pick<UnitDeps, 'world'>,
  s: Selection,
  unit: Omit<SelectionFacts, 'staged'>,
  staged: () => boolean,
): boolean {
  if (s.family && unit.family !== s.family) return false;
  if (s.country && unit.countryCode !== s.country.toUpperCase()) return false;
  if (s.connected !== undefined && unit.connected !== s.connected) return false;
  if (s.staged !== undefined && staged() !== s.staged) return false;
  if (s.version) {
    const prefix = s.version.endsWith('*')
      ? s.version.slice(0, -1)
      : s.version.endsWith('.')
        ? s.version
        : null;
    if (prefix !== null ? !unit.versionSemantic.startsWith(prefix) : unit.versionSemantic !== s.version)
      return false;
  }
  if (s.belowLatest) {
    const latest = deps.world.latest.of(unit.family);
    if (!latest || compareVersions(semanticOf(unit.versionSemantic), latest.semantic) >= 0) return false;
  }
  if (s.updatable !== undefined) {
    const can = unitCapabilities(
      { family: unit.family, version: { semantic: unit.versionSemantic } },
      deps.world.latest.byFamily(),
    );
    // Staging a plain aligner also needs 4.0.0 (console-core §5); update status needs more.
    if (
      can.updateStatus !== s.updatable ||
      (unit.family === 'aligner' && !isAtLeast(unit.versionSemantic, '4.0.0'))
    )
      return false;
  }
  return true;
}

function matches(deps: UnitDeps, unit: UnitRuntime, s: Selection): boolean {
  return selectionMatches(deps, s, unit, () => isPending(unit.desired, unit.stagedRevDone));
}

/**
 * The units a rule picks among the simulator's units: every match, or a seeded random count or fraction of
 * them. `share` scales a count (a simulator of a cluster holds that share of the fleet, and picks its part).
 */
export function selectUnits(
  deps: UnitDeps,
  sim: Simulator,
  selection: Selection,
  rng: Rng,
  share = 1,
): UnitRuntime[] {
  const engine = sim.engine;
  if (selection.serials) {
    const missing = selection.serials.filter((s) => !engine.get(s));
    // A simulator of a cluster holds some units only: the others are another simulator's.
    if (missing.length > 0 && share === 1)
      throw new ValidationError(`No unit with serial number ${missing.join(', ')}.`, { missing });
  }
  const pool = selection.serials
    ? selection.serials.flatMap((s) => engine.get(s) ?? []).filter((u) => matches(deps, u, selection))
    : [...engine.state.units.values()].filter((u) => matches(deps, u, selection));
  const count =
    selection.count === undefined
      ? undefined
      : share === 1
        ? selection.count
        : Math.round(selection.count * share);
  const wanted = selectionSize(pool.length, { count, fraction: selection.fraction });
  if (wanted >= pool.length) return pool;
  // A partial Fisher-Yates shuffle: the same seed picks the same units.
  for (let i = 0; i < wanted; i++) {
    const j = rng.int(i, pool.length - 1);
    [pool[i], pool[j]] = [pool[j] as UnitRuntime, pool[i] as UnitRuntime];
  }
  return pool.slice(0, wanted);
}

function targetOf(deps: UnitDeps, family: Family, ref: string): TargetVersion {
  const latest = deps.world.latest.of(family);
  if (ref === 'latest') {
    if (!latest) throw new ValidationError(`No ${family} update is published, so 'latest' means nothing.`);
    return latest;
  }
  return { semantic: ref, meta: '', path: `/updates/${family}/${ref}` };
}

/**
 * Stages (or unstages) a unit as the API does, through the staging's one path (the store, the unit's timeline, this
 * process's read models and units): a scenario sets desired state as the console does, by 'scenario'.
 */
async function setStaging(deps: UnitDeps, unit: UnitRuntime, target: TargetVersion | null): Promise<void> {
  const found = await findUnitWithDesired(deps.db, unit.serialNumber);
  if (!found) return;
  const staged = target && { ...target, autoStaged: false };
  await commitStaging(deps, found, staged, 'scenario', deps.clock.nowDate());
}

export async function changeUnit(
  deps: UnitDeps,
  sim: Simulator,
  unit: UnitRuntime,
  change: UnitChange,
): Promise<void> {
  const engine = sim.engine;
  const now = deps.clock.now();
  if (change.staged === false && isPending(unit.desired, unit.stagedRevDone))
    await setStaging(deps, unit, null);
  else if (change.staged) await setStaging(deps, unit, targetOf(deps, unit.family, change.staged));
  if (change.update) await setStaging(deps, unit, targetOf(deps, unit.family, change.update.target));
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
    await writeReport(
      deps.db,
      unit.serialNumber,
      'voltages',
      voltagesReport(engine.rng, now, trouble),
      new Date(now),
    );
  }
}
