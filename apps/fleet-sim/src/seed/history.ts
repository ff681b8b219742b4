/**
 * The demo world's past: 90 days of the fleet's history (rollups) that lead up to the seeded fleet, so that Fleet
 * Health shows curves on a new world. Made from the same seed and what the store holds of the seeded world: its units
 * (family, country, version, creation day, time zone), the releases' publication dates (each release taken up along
 * an adoption curve from its publication, units on older releases before), connected share with a daily and weekly
 * rhythm in each country's local time, update outcomes from the adoption with a failure rate per release, and the
 * seeded tickets. Written by the rollups job's first pass on a new world (jobs/fleet-rollups.ts), not by the seed:
 * the first start answers as soon as the fleet is seeded, and the history follows a few seconds later.
 */
import { sql } from 'drizzle-orm';
import { compareVersions, FAMILIES, type Family } from '@equipment-dashboard/domain';
import { Rng } from '../core/random';
import type { Db } from '../store/database';
import { RollupBatch, dayStart, utcDay } from '../store/rollup-batch';
import { rowsOf } from '../store/repos/feed-repo';
import { readSoftwareUpdates } from '../store/repos/releases-repo';
import { writeCoverage, writeRollups, type RollupRow } from '../store/repos/rollups-repo';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Days of history a new demo world starts with. */
export const DEMO_HISTORY_DAYS = 90;
/** Units take a release up over a few weeks: the mean delay from its publication to a unit installing it. */
const ADOPTION_MEAN_DAYS = 9;
/** Share of units connected on average (the field's rhythm, fleet/simulation.ts: about 3 hours on, 2 off). */
const BASE_CONNECTED = 0.6;
/** Alerts the demo's past counts as if its default rules had been in place: unit offline, per offline unit-hour. */
const OFFLINE_ALERTS_PER_OFFLINE_UNIT_HOUR = 0.0015;

/** Units of one family, country and (current) version, and how many were added on each day of the window. */
interface Group {
  family: Family;
  countryCode: string;
  version: string;
  units: number;
  /** createdOn[d]: units created on day d of the window (0: its first day). */
  createdOn: Int32Array;
}

/** A release's part in the past: its publication, its adoption curve's end value, its failure and offline rates. */
interface ReleaseShape {
  semantic: string;
  publishedAt: number;
  /** G(now - published): the curve is scaled by it, so every unit now on the release has it by now. */
  reached: number;
  failureRate: number;
  /** Offline share multiplier of units running it. */
  offlineFactor: number;
}

const adoptionCdf = (ms: number) => (ms <= 0 ? 0 : 1 - Math.exp(-ms / (ADOPTION_MEAN_DAYS * DAY_MS)));

/** Rounds a fractional count up or down by chance, so that sums stay right on average (deterministic per rng). */
function dither(rng: Rng, x: number): number {
  if (x <= 0) return 0;
  const whole = Math.floor(x);
  return whole + (rng.next() < x - whole ? 1 : 0);
}

/** The demo world's history, built from its units' groups, its countries' time zones and its releases. */
export class DemoHistory {
  private readonly groups = new Map<string, Group>();
  /** Each country's UTC offset (seconds), from its first unit's time zone. */
  private readonly offsets = new Map<string, number>();
  private readonly nowMs: number;
  private readonly windowStart: number;
  private readonly shapes: Map<Family, ReleaseShape[]>;

  constructor(
    now: Date,
    releases: ReadonlyMap<Family, readonly { semantic: string; releasedAt: Date }[]>,
    private readonly rng: Rng,
  ) {
    this.nowMs = now.getTime();
    this.windowStart = dayStart(utcDay(this.nowMs - DEMO_HISTORY_DAYS * DAY_MS));
    const shapeRng = rng.fork('releases');
    this.shapes = new Map(
      [...releases.entries()].map(([family, list]) => {
        const r = shapeRng.fork(family);
        // One release per family fails more than the others (the one before the latest): something to compare.
        const worse = list.length - 2;
        return [
          family,
          list.map((release, i) => ({
            semantic: release.semantic,
            publishedAt: release.releasedAt.getTime(),
            reached: adoptionCdf(this.nowMs - release.releasedAt.getTime()),
            failureRate: i === worse ? r.float(0.08, 0.11) : r.float(0.015, 0.045),
            offlineFactor: i === worse ? r.float(1.15, 1.3) : r.float(0.9, 1.1),
          })),
        ];
      }),
    );
  }

  /** Counts `units` units of a family, country and version created on day `createdDay` of the window (-1: before it). */
  addUnits(family: Family, countryCode: string, version: string, createdDay: number, units: number): void {
    const key = `${family}\u0000${countryCode}\u0000${version}`;
    let group = this.groups.get(key);
    if (!group) {
      group = { family, countryCode, version, units: 0, createdOn: new Int32Array(DEMO_HISTORY_DAYS + 2) };
      this.groups.set(key, group);
    }
    group.units += units;
    if (createdDay >= 0 && createdDay < group.createdOn.length)
      group.createdOn[createdDay] = (group.createdOn[createdDay] ?? 0) + units;
  }

  /** A country's UTC offset (seconds): its local day and week set the rhythm of connections. */
  setOffset(countryCode: string, seconds: number): void {
    this.offsets.set(countryCode, seconds);
  }

  /** The first instant of the window (the start of its first UTC day). */
  get from(): number {
    return this.windowStart;
  }

  /**
   * The rollups of the window, hour by hour up to now: for each family, each unit group's share of units on each
   * release (a unit now on release k had it with the adoption curve of k; before that it ran k-1 with k-1's curve,
   * and so on), connected share by the country's local hour and weekday, update outcomes where the curves rise.
   */
  build(): RollupBatch {
    const batch = new RollupBatch();
    const hours = Math.ceil((this.nowMs - this.windowStart) / HOUR_MS);
    const noise = this.rng.fork('noise');
    const events = this.rng.fork('events');
    const alerts = this.rng.fork('alerts');
    // Per country and hour: the rhythm of connections (a shop is open in its daytime, less so at weekends).
    const rhythm = new Map<string, Float64Array>();
    for (const country of [...this.offsets.keys()].sort()) {
      const offset = (this.offsets.get(country) ?? 0) * 1000;
      const values = new Float64Array(hours);
      for (let h = 0; h < hours; h++) {
        const local = new Date(this.windowStart + h * HOUR_MS + offset);
        const weekend = local.getUTCDay() === 0 || local.getUTCDay() === 6;
        values[h] =
          BASE_CONNECTED +
          0.12 * Math.cos((2 * Math.PI * (local.getUTCHours() + 0.5 - 14)) / 24) -
          (weekend ? 0.1 : 0) +
          noise.float(-0.02, 0.02);
      }
      rhythm.set(country, values);
    }
    const groups = [...this.groups.values()].sort(
      (a, b) => cmp(a.family, b.family) || cmp(a.countryCode, b.countryCode) || cmp(a.version, b.version),
    );
    // Units of each group that did not exist yet on each day (created on a later day of the window).
    const laterOf = new Map(
      groups.map((g) => {
        const later = new Int32Array(g.createdOn.length + 1);
        for (let d = g.createdOn.length - 1; d >= 0; d--)
          later[d] = (later[d + 1] ?? 0) + (g.createdOn[d] ?? 0);
        return [g, later] as const;
      }),
    );
    const releaseOf = new Map(
      groups.map(
        (g) => [g, (this.shapes.get(g.family) ?? []).findIndex((s) => s.semantic === g.version)] as const,
      ),
    );
    // Rows of the day being built, per group and version (a day's rows are looked up once, not once an hour).
    let rowsDay = '';
    let rows = new Map<Group, Map<string, RollupRow>>();
    const rowOf = (day: string, group: Group, version: string): RollupRow => {
      if (day !== rowsDay) {
        rowsDay = day;
        rows = new Map();
      }
      let byVersion = rows.get(group);
      if (!byVersion) rows.set(group, (byVersion = new Map()));
      let row = byVersion.get(version);
      if (!row) byVersion.set(version, (row = batch.row(day, group.family, group.countryCode, version)));
      return row;
    };

    for (let h = 0; h < hours; h++) {
      const start = this.windowStart + h * HOUR_MS;
      const end = Math.min(start + HOUR_MS, this.nowMs);
      const minutes = (end - start) / 60_000;
      const day = utcDay(start);
      const hour = new Date(start).getUTCHours();
      const dayIndex = Math.floor((start - this.windowStart) / DAY_MS);
      for (const group of groups) {
        const existing = group.units - ((laterOf.get(group) as Int32Array)[dayIndex + 1] ?? 0);
        if (existing <= 0) continue;
        const shapes = this.shapes.get(group.family) ?? [];
        const k = releaseOf.get(group) ?? -1;
        const base = rhythm.get(group.countryCode)?.[h] ?? BASE_CONNECTED;
        const sample = (version: string, units: number, offlineFactor: number) => {
          const share = Math.max(0.02, Math.min(0.99, 1 - (1 - base) * offlineFactor));
          const row = rowOf(day, group, version);
          const unitMinutes = (row.unitMinutes ??= new Array<number>(24).fill(0));
          const connectedMinutes = (row.connectedMinutes ??= new Array<number>(24).fill(0));
          unitMinutes[hour] = (unitMinutes[hour] as number) + units * minutes;
          connectedMinutes[hour] = (connectedMinutes[hour] as number) + units * share * minutes;
          const offline = dither(
            alerts,
            units * (1 - share) * OFFLINE_ALERTS_PER_OFFLINE_UNIT_HOUR * (minutes / 60),
          );
          if (offline > 0) addCount(row, hour, 'alertsFired', offline, { unitOffline: offline });
        };
        if (k < 0) {
          // A version outside the releases (a test build): its units ran it all along.
          sample(group.version, existing, 1);
          continue;
        }
        // The chain back from the unit's release: on k with k's curve, else on k-1 with its curve, and so on.
        let rest = 1;
        for (let i = k; i >= 0 && rest > 1e-9; i--) {
          const shape = shapes[i] as ReleaseShape;
          const had = i === 0 ? 1 : this.adopted(shape, start);
          if (rest * had > 0) sample(shape.semantic, existing * rest * had, shape.offlineFactor);
          // Units that took release i in this hour: its curve's rise, of those on no later release.
          if (i > 0 && end > shape.publishedAt) {
            const rise = rest * (this.adopted(shape, end) - had);
            if (rise > 0) {
              const row = rowOf(day, group, shape.semantic);
              const succeeded = dither(events, existing * rise);
              const failed = dither(events, (existing * rise * shape.failureRate) / (1 - shape.failureRate));
              addCount(row, hour, 'updatesStarted', succeeded + failed);
              addCount(row, hour, 'updatesSucceeded', succeeded);
              addCount(row, hour, 'updatesFailed', failed, failed > 0 ? { updateFailed: failed } : undefined);
              if (failed > 0) addCount(row, hour, 'alertsFired', failed);
            }
          }
          rest *= 1 - had;
        }
      }
      (batch.minutesOf(day)[hour] as number) += minutes;
    }
    return batch;
  }

  /** The share of the units now on a release that had it at `at` (its curve, scaled to reach 1 now). */
  private adopted(shape: ReleaseShape, at: number): number {
    return shape.reached > 0 ? Math.min(1, adoptionCdf(at - shape.publishedAt) / shape.reached) : 1;
  }

  /** Counts the seeded tickets opened in the window, by hour, family, country and version of their unit. */
  async addTickets(db: Db, batch: RollupBatch): Promise<void> {
    const rows = rowsOf<{ hour: number; family: string; country_code: string; version: string; n: number }>(
      await db.execute(sql`
        SELECT (extract(epoch FROM date_trunc('hour', t.created_at)) * 1000)::float8 AS hour, u.family, u.country_code,
          u.version_semantic AS version, count(*)::int AS n
        FROM tickets t JOIN units u USING (serial_number)
        WHERE t.created_at >= ${new Date(this.windowStart)} AND t.created_at < ${new Date(this.nowMs)}
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`),
    );
    batch.addEvents(
      rows.map((r) => ({
        hour: Number(r.hour),
        family: r.family,
        countryCode: r.country_code,
        version: r.version,
        updatesStarted: 0,
        updatesSucceeded: 0,
        updatesFailed: 0,
        alertsFired: 0,
        ticketsOpened: Number(r.n),
        alertsByKind: {},
      })),
    );
  }

  /** Builds the window's rollups and writes them (replacing any of the same keys), with the seeded tickets. */
  async write(db: Db): Promise<number> {
    const batch = this.build();
    await this.addTickets(db, batch);
    await writeRollups(db, batch.rows(), 'replace');
    await writeCoverage(db, batch.coverage(), 'replace');
    return batch.size;
  }
}

type CountField = 'updatesStarted' | 'updatesSucceeded' | 'updatesFailed' | 'alertsFired';

/** Adds a count to an hour of a row (and alerts by kind to its day). */
function addCount(
  row: RollupRow,
  hour: number,
  field: CountField,
  n: number,
  byKind?: Record<string, number>,
): void {
  if (n <= 0) return;
  const values = (row[field] ??= new Array<number>(24).fill(0));
  values[hour] = (values[hour] as number) + n;
  for (const [kind, k] of Object.entries(byKind ?? {})) {
    row.alertsByKind ??= {};
    row.alertsByKind[kind] = (row.alertsByKind[kind] ?? 0) + k;
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The demo world's 90 days up to when it was seeded (`seededAt`), from its seed and what the store holds of it: its
 * units counted by family, country, version and creation day (one grouped read of the units, once), each country's
 * time zone, the published releases and the tickets. The same seed, size and instant give the same rows. Answers the
 * rows written.
 */
export async function writeDemoHistory(db: Db, world: { seed: string; seededAt: string }): Promise<number> {
  const now = new Date(world.seededAt);
  const releases = new Map<Family, { semantic: string; releasedAt: Date }[]>();
  const published = await readSoftwareUpdates(db);
  for (const family of FAMILIES) {
    const first = new Map<string, Date>();
    for (const row of published) {
      if (row.family !== family || row.createdAt > now) continue;
      const seen = first.get(row.semantic);
      if (!seen || row.createdAt < seen) first.set(row.semantic, row.createdAt);
    }
    releases.set(
      family,
      [...first.entries()]
        .sort(([a], [b]) => compareVersions(a, b))
        .map(([semantic, releasedAt]) => ({ semantic, releasedAt })),
    );
  }
  const history = new DemoHistory(now, releases, new Rng(`world:${world.seed}`).fork('history'));
  const groups = rowsOf<{ family: Family; country_code: string; version: string; d: number; n: number }>(
    await db.execute(sql`
      SELECT family, country_code, version_semantic AS version,
        GREATEST(-1, floor(extract(epoch FROM (created_at - ${new Date(history.from)}::timestamptz)) / 86400))::int AS d,
        count(*)::int AS n
      FROM units WHERE created_at <= ${now} GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`),
  );
  for (const g of groups) history.addUnits(g.family, g.country_code, g.version, Number(g.d), Number(g.n));
  const offsets = rowsOf<{ country_code: string; offset: number }>(
    await db.execute(sql`
      SELECT country_code, min((geolocation -> 'time_zone' ->> 'offset')::int) AS offset
      FROM units GROUP BY 1 ORDER BY 1`),
  );
  for (const o of offsets) history.setOffset(o.country_code, Number(o.offset ?? 0));
  return history.write(db);
}
