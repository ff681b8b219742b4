import type { Alert } from '@equipment-dashboard/contract';
import {
  ALERT_GROUP_RULES,
  densestDrop,
  placePhrase,
  regionalCauseSentence,
  regionsApart,
  type AlertGroupRules,
} from '@equipment-dashboard/domain';
import {
  openAlertsByPlace,
  openAlertsByRegion,
  startBuckets,
  type GroupPlace,
  type PlaceStateRow,
} from '../store/repos/alert-groups-repo';
import { placeIndex, type PlaceIndex } from './places-service';
import type { ServiceDeps } from './service-deps';

/*
 * The alert center's groups: a rule's open alerts in one place (a country, a region of it that stands out, or no
 * place), read from the open alerts by rule and place (one grouped read over the partial index of open alerts, never
 * the fleet), and what the drop says in words. One snapshot serves the groups list, the alerts' "Why" and the
 * grouped webhook message. It is read again after this process commits a change of alerts and at least every second
 * (other processes' changes); while more than STORM_OPEN alerts are open a snapshot up to a second old is answered,
 * and one older is answered while the next is read, so that a storm costs one grouped read a second per process
 * whatever the number of consoles asking.
 */

/** A snapshot is read again when older than this (real ms). */
const FRESH_MS = 1_000;
/** Above this many open alerts a snapshot is not read again at each change (a storm). */
export const STORM_OPEN = 1_000;

type DepsOf = Pick<ServiceDeps, 'db' | 'readModels'>;

/** A group as the snapshot holds it (whatever the filters). */
export interface GroupFacts {
  key: string;
  ruleId: number;
  ruleName: string;
  severity: string;
  countryCode: string | null;
  region: string | null;
  /** The place in words ("the United States"), null without a place. */
  placeName: string | null;
  /** The place's units (a country's group without the regions grouped apart); null when unknown. */
  units: number | null;
  /** The regional sentence, when the drop says a place is down. */
  sentence: string | null;
  /** The sentence, or the cause most of the group's alerts share (a planned outage), or null. */
  summary: string | null;
}

/** What one read of the open alerts by rule and place found. */
export interface GroupSnapshot {
  /** Real ms when it was read. */
  at: number;
  /** This process's count of committed alert changes when the read started. */
  version: number;
  /** Open alerts counted. */
  open: number;
  rows: readonly PlaceStateRow[];
  groups: ReadonlyMap<string, GroupFacts>;
  /** The group a row of open alerts (rule, country, region) belongs to. */
  groupOf(ruleId: number, countryCode: string | null, region: string | null): GroupFacts | undefined;
  /** The key of the group of a rule and place (whether the snapshot holds it or not). */
  keyOf(ruleId: number, countryCode: string | null, region: string | null): string;
  /** A group of a rule and place the snapshot does not hold (its alerts opened since): its place facts. */
  placeOf(
    ruleId: number,
    countryCode: string | null,
    region: string | null,
  ): Omit<GroupFacts, 'ruleName' | 'severity'>;
}

/** The key of a group: a rule and a place. */
export const groupKey = (ruleId: number, countryCode: string | null, region: string | null): string =>
  `${ruleId}\u0000${countryCode ?? ''}\u0000${region ?? ''}`;

interface Cache {
  /** Committed alert changes this process made (its own writes and staff's). */
  version: number;
  current: GroupSnapshot | null;
  building: Promise<GroupSnapshot> | null;
  buildingVersion: number;
}

const caches = new WeakMap<object, Cache>();

function cacheOf(deps: object): Cache {
  let found = caches.get(deps);
  if (!found) caches.set(deps, (found = { version: 0, current: null, building: null, buildingVersion: -1 }));
  return found;
}

/** Tells the groups that this process committed a change of alerts: the next read reads them again. */
export function noteAlertsChanged(deps: object): void {
  cacheOf(deps).version += 1;
}

/** The regions of a rule's alerts in a country that make groups of their own now, read from the store. */
export async function regionsApartNow(
  deps: DepsOf,
  ruleId: number,
  countryCode: string,
): Promise<Set<string>> {
  const counts = await openAlertsByRegion(deps.db, ruleId, countryCode);
  if (counts.filter((c) => c.region !== null).length < 1) return new Set();
  const places = await placeIndex(deps);
  return regionsApart(
    counts.map((c) => ({
      region: c.region,
      alerts: c.count,
      units: c.region === null ? 0 : places.unitsIn(countryCode, c.region),
    })),
  );
}

async function readSnapshot(
  deps: DepsOf,
  version: number,
  rules: AlertGroupRules = ALERT_GROUP_RULES,
): Promise<GroupSnapshot> {
  const at = Date.now();
  const rows = await openAlertsByPlace(deps.db);
  const places: PlaceIndex | null = rows.some((r) => r.countryCode !== null) ? await placeIndex(deps) : null;

  // Which regions of each rule's country stand out (from the rule's open alerts there, whatever their state).
  const tallies = new Map<string, Map<string | null, number>>();
  let open = 0;
  for (const row of rows) {
    open += row.count;
    if (row.countryCode === null) continue;
    const key = `${row.ruleId}\u0000${row.countryCode}`;
    let byRegion = tallies.get(key);
    if (!byRegion) tallies.set(key, (byRegion = new Map()));
    byRegion.set(row.region, (byRegion.get(row.region) ?? 0) + row.count);
  }
  const apart = new Map<string, Set<string>>();
  for (const [key, byRegion] of tallies) {
    const countryCode = key.slice(key.indexOf('\u0000') + 1);
    const split = regionsApart(
      [...byRegion].map(([region, alerts]) => ({
        region,
        alerts,
        units: region === null || !places ? 0 : places.unitsIn(countryCode, region),
      })),
      rules,
    );
    if (split.size > 0) apart.set(key, split);
  }
  const apartOf = (ruleId: number, countryCode: string) => apart.get(`${ruleId}\u0000${countryCode}`);
  const keyOf = (ruleId: number, countryCode: string | null, region: string | null) =>
    countryCode === null
      ? groupKey(ruleId, null, null)
      : region !== null && apartOf(ruleId, countryCode)?.has(region)
        ? groupKey(ruleId, countryCode, region)
        : groupKey(ruleId, countryCode, null);
  const placeOf = (ruleId: number, countryCode: string | null, region: string | null) => {
    const key = keyOf(ruleId, countryCode, region);
    const grouped = countryCode !== null && key !== groupKey(ruleId, countryCode, null) ? region : null;
    if (countryCode === null)
      return {
        key,
        ruleId,
        countryCode,
        region: null,
        placeName: null,
        units: null,
        sentence: null,
        summary: null,
      };
    const countryName = places?.countryNameOf(countryCode) ?? countryCode;
    const split = apartOf(ruleId, countryCode);
    let units: number | null = null;
    if (places) {
      if (grouped !== null) units = places.unitsIn(countryCode, grouped);
      else {
        units = places.unitsIn(countryCode);
        for (const r of split ?? []) units -= places.unitsIn(countryCode, r);
      }
    }
    return {
      key,
      ruleId,
      countryCode,
      region: grouped,
      placeName: placePhrase({
        countryName,
        region: grouped,
        rest: grouped === null && Boolean(split?.size),
      }),
      units,
      sentence: null,
      summary: null,
    };
  };

  // The rows' sums per group.
  const sums = new Map<
    string,
    { facts: GroupFacts; open: number; unexplained: number; explained: number; cause: string | null }
  >();
  for (const row of rows) {
    const key = keyOf(row.ruleId, row.countryCode, row.region);
    let sum = sums.get(key);
    if (!sum) {
      const facts: GroupFacts = {
        ...placeOf(row.ruleId, row.countryCode, row.region),
        ruleName: row.ruleName,
        severity: row.severity,
      };
      sums.set(key, (sum = { facts, open: 0, unexplained: 0, explained: 0, cause: null }));
    }
    sum.open += row.count;
    sum.unexplained += row.unexplained;
    sum.explained += row.explained;
    if (row.cause !== null && (sum.cause === null || row.cause < sum.cause)) sum.cause = row.cause;
  }

  // What each group says: a drop of most of its place's units within minutes (asked of the store's start times only
  // for the groups whose count could say it), else the cause most of its alerts share.
  const groups = new Map<string, GroupFacts>();
  for (const [key, sum] of sums) {
    const { facts } = sum;
    const units = facts.units ?? 0;
    if (
      facts.countryCode !== null &&
      units > 0 &&
      sum.unexplained >= rules.regionalMinUnits &&
      sum.unexplained >= rules.regionalShare * units
    ) {
      const place: GroupPlace = {
        ruleId: facts.ruleId,
        countryCode: facts.countryCode,
        region: facts.region,
        except: facts.region === null ? [...(apartOf(facts.ruleId, facts.countryCode) ?? [])] : [],
      };
      const buckets = await startBuckets(deps.db, place);
      const drop = densestDrop(
        buckets.map((b) => ({ first: b.first.getTime(), last: b.last.getTime(), count: b.count })),
        rules.regionalWindowMs,
      );
      facts.sentence = regionalCauseSentence({ place: facts.placeName ?? '', units, ...drop }, rules);
    }
    facts.summary =
      facts.sentence ?? (sum.cause !== null && sum.explained * 2 >= sum.open ? sum.cause : null);
    groups.set(key, facts);
  }

  return {
    at,
    version,
    open,
    rows,
    groups,
    keyOf,
    placeOf,
    groupOf: (ruleId, countryCode, region) => groups.get(keyOf(ruleId, countryCode, region)),
  };
}

function startRead(cache: Cache, deps: DepsOf): Promise<GroupSnapshot> {
  const version = cache.version;
  const after = cache.building?.catch(() => undefined) ?? Promise.resolve();
  const building = after
    .then(() => readSnapshot(deps, version))
    .then((snapshot) => {
      if (!cache.current || cache.current.version <= snapshot.version) cache.current = snapshot;
      return snapshot;
    })
    .finally(() => {
      if (cache.building === building) cache.building = null;
    });
  // Marked handled: a storm's reader may be answered the snapshot before it while this one fails.
  building.catch(() => undefined);
  cache.building = building;
  cache.buildingVersion = version;
  return building;
}

/**
 * The groups of open alerts as they are now: after a change this process committed (in a storm, up to a second
 * later), and at most a second behind other processes' changes.
 */
export function alertGroupsSnapshot(deps: DepsOf): Promise<GroupSnapshot> {
  const cache = cacheOf(deps);
  const current = cache.current;
  const storm = current !== null && current.open > STORM_OPEN;
  const age = current ? Date.now() - current.at : Infinity;
  if (current && age < FRESH_MS && (storm || current.version === cache.version))
    return Promise.resolve(current);
  const building =
    cache.building && cache.buildingVersion === cache.version ? cache.building : startRead(cache, deps);
  return storm && current ? Promise.resolve(current) : building;
}

/** Whether an alert's "Why" may be its group's sentence: an open unit offline alert with a place and no cause. */
const takesGroupCause = (a: Alert): boolean =>
  a.cause === null && a.state !== 'resolved' && a.kind === 'unitOffline' && Boolean(a.countryCode);

/**
 * Alerts with their "Why": a cause stored stays (a planned outage's, a silence's reason); an open unit offline alert
 * without one says its group's sentence when the drop points at its place. The snapshot is read only when an alert
 * may take it.
 */
export async function withGroupCauses(deps: DepsOf, alerts: Alert[]): Promise<Alert[]> {
  if (!alerts.some(takesGroupCause)) return alerts;
  return groupCausesOf(await alertGroupsSnapshot(deps), alerts);
}

/** Alerts with their "Why" from a snapshot read before (see withGroupCauses). */
export function groupCausesOf(snapshot: GroupSnapshot, alerts: Alert[]): Alert[] {
  return alerts.map((a) => {
    if (!takesGroupCause(a)) return a;
    const sentence = snapshot.groupOf(a.ruleId, a.countryCode ?? null, a.region ?? null)?.sentence;
    return sentence ? { ...a, cause: sentence } : a;
  });
}

/**
 * The sentence a grouped message about some alerts of one rule says: that of the group holding most of them, when
 * it has one.
 */
export function messageSentence(snapshot: GroupSnapshot, alerts: readonly Alert[]): string | null {
  const counts = new Map<GroupFacts, number>();
  for (const a of alerts) {
    const group = snapshot.groupOf(a.ruleId, a.countryCode ?? null, a.region ?? null);
    if (group?.sentence) counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  let best: GroupFacts | null = null;
  for (const [group, n] of counts) if (!best || n > (counts.get(best) ?? 0)) best = group;
  return best?.sentence ?? null;
}
