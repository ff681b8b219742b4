import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../database';
import { alerts, units } from '../schema';
import type { AlertRow } from './alerts-repo';

/** Alerts of one rule, place and state: a row of the read of open alerts by rule and place. */
export interface PlaceStateRow {
  ruleId: number;
  ruleName: string;
  severity: string;
  countryCode: string | null;
  region: string | null;
  state: string;
  count: number;
  firstStartedAt: Date;
  lastStartedAt: Date;
  /** Of them, unit offline alerts nothing explains (no cause stored: not a planned outage's nor a silence's). */
  unexplained: number;
  /** Of them, alerts with a cause stored, and one of those causes. */
  explained: number;
  cause: string | null;
}

/** Which open alerts a read by place counts (the alert list's filters a place row cannot tell apart). */
export interface PlaceRowFilters {
  ruleId?: number;
  family?: string;
  serialNumber?: string;
}

const OPEN = sql`${alerts.state} <> 'resolved'`;

/**
 * Open alerts counted by rule, place (country, region) and state, with the first and last start: one grouped read
 * over the open alerts (the partial index `alerts_place_idx` holds them), never the fleet.
 */
export function openAlertsByPlace(db: Db, filters: PlaceRowFilters = {}): Promise<PlaceStateRow[]> {
  const serial = filters.serialNumber?.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select({
      ruleId: alerts.ruleId,
      ruleName: sql<string>`max(${alerts.ruleName})`,
      severity: sql<string>`max(${alerts.severity})`,
      countryCode: alerts.countryCode,
      region: alerts.region,
      state: alerts.state,
      count: sql<number>`count(*)::int`.mapWith(Number),
      firstStartedAt: sql<Date>`min(${alerts.startedAt})`.mapWith(alerts.startedAt),
      lastStartedAt: sql<Date>`max(${alerts.startedAt})`.mapWith(alerts.startedAt),
      unexplained:
        sql<number>`(count(*) FILTER (WHERE ${alerts.cause} IS NULL AND ${alerts.kind} = 'unitOffline'))::int`.mapWith(
          Number,
        ),
      explained: sql<number>`count(${alerts.cause})::int`.mapWith(Number),
      cause: sql<string | null>`min(${alerts.cause})`,
    })
    .from(alerts)
    .where(
      and(
        OPEN,
        filters.ruleId === undefined ? undefined : eq(alerts.ruleId, filters.ruleId),
        filters.family === undefined ? undefined : eq(alerts.family, filters.family),
        serial ? sql`upper(${alerts.serialNumber}) LIKE ${`${serial}%`}` : undefined,
      ),
    )
    .groupBy(alerts.ruleId, alerts.countryCode, alerts.region, alerts.state);
}

/**
 * The alerts of one group: a rule's open alerts in a country's region (`region` given), in a country but the regions
 * grouped apart (`region` null, `except` those regions), or without a place (`countryCode` null).
 */
export interface GroupPlace {
  ruleId: number;
  countryCode: string | null;
  region: string | null;
  except: readonly string[];
}

function groupWhere(group: GroupPlace): SQL | undefined {
  const place =
    group.countryCode === null
      ? sql`${alerts.countryCode} IS NULL`
      : group.region !== null
        ? and(eq(alerts.countryCode, group.countryCode), eq(alerts.region, group.region))
        : group.except.length === 0
          ? eq(alerts.countryCode, group.countryCode)
          : and(
              eq(alerts.countryCode, group.countryCode),
              sql`(${alerts.region} IS NULL OR NOT (${alerts.region} = ANY(${sql.param([...group.except])}::text[])))`,
            );
  return and(OPEN, eq(alerts.ruleId, group.ruleId), place);
}

/** Start times of a group's unexplained unit offline alerts, in buckets of `bucketMs` (the earliest first). */
export async function startBuckets(
  db: Db,
  group: GroupPlace,
  bucketMs = 10_000,
): Promise<{ first: Date; last: Date; count: number }[]> {
  const bucket = sql`floor(extract(epoch FROM ${alerts.startedAt}) * 1000 / ${sql.raw(String(Math.max(1, Math.round(bucketMs))))})`;
  return db
    .select({
      first: sql<Date>`min(${alerts.startedAt})`.mapWith(alerts.startedAt),
      last: sql<Date>`max(${alerts.startedAt})`.mapWith(alerts.startedAt),
      count: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(alerts)
    .where(and(groupWhere(group), sql`${alerts.cause} IS NULL`, eq(alerts.kind, 'unitOffline')))
    .groupBy(bucket)
    .orderBy(sql`min(${alerts.startedAt})`);
}

/** A rule's open alerts in a country, counted by region (null: alerts that opened without one). */
export async function openAlertsByRegion(
  db: Db,
  ruleId: number,
  countryCode: string,
): Promise<{ region: string | null; count: number }[]> {
  return db
    .select({ region: alerts.region, count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(alerts)
    .where(and(OPEN, eq(alerts.ruleId, ruleId), eq(alerts.countryCode, countryCode)))
    .groupBy(alerts.region);
}

/** Locks a group's open alerts for a change of state (until the transaction ends), oldest first. */
export function lockGroupAlerts(tx: Db, group: GroupPlace): Promise<AlertRow[]> {
  return tx.select().from(alerts).where(groupWhere(group)).orderBy(asc(alerts.id)).for('update');
}

/** The serials of the units in some regions of a country (a silence of a region): one read, kept by the caller. */
export async function unitSerialsIn(
  db: Db,
  countryCode: string,
  regions: readonly string[],
): Promise<string[]> {
  const rows = await db
    .select({ serialNumber: units.serialNumber })
    .from(units)
    .where(
      and(
        eq(units.countryCode, countryCode),
        sql`lower(${units.geolocation}->>'region') = ANY(${sql.param(regions.map((r) => r.toLowerCase()))}::text[])`,
      ),
    );
  return rows.map((r) => r.serialNumber);
}
