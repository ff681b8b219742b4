import type { Paged, UpdateSchedulerDevice, UpdateSchedulerStatistics } from '@equipment-dashboard/contract';
import type { Family } from '@equipment-dashboard/domain';
import { deltaOf, stagingOf, desiredOf, updateStateFor } from '../fleet/desired-state';
import * as statsRepo from '../store/repos/scheduler-stats-repo';
import type { SchedulerSource } from '../store/repos/unit-export-repo';
import * as unitsRepo from '../store/repos/units-repo';
import type { SchedulerQuery } from '../read-models/unit-index';
import { numberOrNull } from '../store/repos/rows';
import { dayKeyOf, hourKeyOf, liveFigures } from './scheduler-activity';
import type { ServiceDeps } from './service-deps';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The Daily Activity chart shows the last 30 days, the Hourly one the last 48 hours (as seeded). */
export const DAILY_POINTS = 30;
export const HOURLY_POINTS = 48;

const isoOrNull = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** The version the unit's updater is moving to, as it reported it (or as the desired state says, until it reads it). */
function targetVersionOf(found: SchedulerSource): { semantic: string; meta: string } | null {
  const { unit } = found;
  const desired = desiredOf(found.desired);
  const stored = unit.updateState;
  const delta = deltaOf(
    String(stored['state'] ?? ''),
    numberOrNull(unit.flowRev),
    desired,
    Number(unit.stagedRevDone),
  );
  if (delta)
    return delta.stagedSemantic ? { semantic: delta.stagedSemantic, meta: desired?.meta ?? '' } : null;
  const sim = stored['sim'] as { flow?: { target: { semantic: string; meta: string } } | null } | undefined;
  if (sim) return sim.flow ? { semantic: sim.flow.target.semantic, meta: sim.flow.target.meta } : null;
  const download = stored['softwareUpdateDownload'] as { version?: { semantic?: string } } | null | undefined;
  return download?.version?.semantic ? { semantic: download.version.semantic, meta: '' } : null;
}

/** A unit as a row of the update scheduler (back-office §3 "Update-scheduler device"). */
export function schedulerDeviceOf(found: SchedulerSource): UpdateSchedulerDevice {
  const { unit } = found;
  const desired = desiredOf(found.desired);
  const doneRev = Number(unit.stagedRevDone);
  const staging = stagingOf(desired, doneRev);
  return {
    serialNumber: unit.serialNumber,
    family: unit.family as Family,
    geolocation: { country_code: unit.countryCode },
    version: { semantic: unit.versionSemantic, meta: unit.versionMeta },
    lastSeenOnlineAt: isoOrNull(unit.lastSeenOnlineAt),
    staging: {
      isStaged: staging.isStaged,
      autoStaged: staging.isStaged && staging.autoStaged,
      stagedVersion: staging.stagedVersion ? { semantic: staging.stagedVersion.semantic } : null,
      stagedAt: staging.stagedAt,
    },
    connected: unit.connected,
    // The scheduler's best guesses are what the unit reported: its updater's state, and the version its
    // update flow is moving to (none without a flow). The console shows 'unknown' when disconnected.
    bestGuessAtSoftwareUpdateState: updateStateFor(
      unit.updateState,
      numberOrNull(unit.flowRev),
      desired,
      doneRev,
    ).state,
    bestGuessAtSoftwareUpdateVersion: targetVersionOf(found),
    createdAt: unit.createdAt.toISOString(),
    updatedAt: unit.updatedAt.toISOString(),
  };
}

/** Back-office §2.4: one family's update scheduler table, 10 per page, from the lists' index, rows from the store. */
export async function listSchedulerDevices(
  deps: ServiceDeps,
  family: Family,
  query: Omit<SchedulerQuery, 'family'>,
): Promise<Paged<UpdateSchedulerDevice>> {
  const { serials, total } = deps.readModels.index.queryScheduler({ ...query, family });
  const rows = new Map(
    (await unitsRepo.findUnitsWithDesired(deps.db, serials)).map((r) => [r.unit.serialNumber, r]),
  );
  return {
    docs: serials.flatMap((serial) =>
      rows.has(serial) ? [schedulerDeviceOf(rows.get(serial) as unitsRepo.UnitWithDesired)] : [],
    ),
    totalDocs: total,
  };
}

type Series = Record<string, number>;

/** The keys of the last `points` buckets ending at `now`, oldest first. */
function lastKeys(now: number, points: number, step: number, keyOf: (ms: number) => string): string[] {
  return Array.from({ length: points }, (_, i) => keyOf(now - (points - 1 - i) * step));
}

function seriesOf(
  rows: statsRepo.SchedulerActivityRow[],
  keys: string[],
  current: { key: string; atCurrentVersion: number; connectedCount: number },
) {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const deliveries: Series = {};
  const atCurrent: Series = {};
  const autoStaged: Series = {};
  const connected: Series = {};
  for (const key of keys) {
    const row = byKey.get(key);
    const live = key === current.key;
    // Hours or days without a bucket had no activity; the current one shows the fleet as it is now.
    if (!row && !live) continue;
    deliveries[key] = row?.deliveries ?? 0;
    autoStaged[key] = row?.autoStaged ?? 0;
    atCurrent[key] = live ? current.atCurrentVersion : (row?.atCurrentVersion ?? 0);
    connected[key] = live ? current.connectedCount : (row?.connectedCount ?? 0);
  }
  return { deliveries, alignersAtCurrentVersion: atCurrent, autoStaged, connectedCount: connected };
}

/**
 * Back-office §2.4 Daily and Hourly Activity: the family's counters and its last 30 daily and 48 hourly
 * buckets (keys `YYYY-MM-DD` and `YYYY-MM-DDTHH`, UTC, on the simulated clock). The current day's and
 * hour's "at current version" and "connected" points are the fleet's live figures. Tru-Point hourly
 * statistics also carry `truPointsAtCurrentVersion` (back-office §3): the same units-at-current-version
 * series, under the name the Tru-Point chart reads.
 */
export async function schedulerStatistics(
  deps: ServiceDeps,
  family: Family,
): Promise<UpdateSchedulerStatistics> {
  const now = deps.clock.now();
  const dayKeys = lastKeys(now, DAILY_POINTS, DAY_MS, dayKeyOf);
  const hourKeys = lastKeys(now, HOURLY_POINTS, HOUR_MS, hourKeyOf);
  const [counters, days, hours] = await Promise.all([
    statsRepo.readCounters(deps.db, family),
    statsRepo.readActivity(deps.db, family, 'day', dayKeys[0] ?? ''),
    statsRepo.readActivity(deps.db, family, 'hour', hourKeys[0] ?? ''),
  ]);
  const figures = liveFigures(deps, family);
  const daily = seriesOf(days, dayKeys, { key: dayKeyOf(now), ...figures });
  const hourly = seriesOf(hours, hourKeys, { key: hourKeyOf(now), ...figures });
  return {
    autoStaged: Math.max(0, counters?.autoStaged ?? 0),
    autoUnstaged: Math.max(0, counters?.autoUnstaged ?? 0),
    autoUnstagedDueToHungCount: Math.max(0, counters?.autoUnstagedDueToHungCount ?? 0),
    averageSlotAge: Math.max(0, counters?.averageSlotAge ?? 0),
    dailyStatistics: daily,
    hourlyStatistics:
      family === 'gtps'
        ? { ...hourly, truPointsAtCurrentVersion: { ...hourly.alignersAtCurrentVersion } }
        : hourly,
  };
}
