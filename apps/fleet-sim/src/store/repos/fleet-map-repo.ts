import { sql } from 'drizzle-orm';
import type { Db } from '../database';
import { rowsOf } from './feed-repo';

/** Firing alerts of one place (the unit's country and region when the alert opened) and kind. */
export interface FiringAlertsOfPlace {
  countryCode: string;
  region: string;
  kind: string;
  n: number;
}

/** The firing alerts per country, region and kind (alerts without a place, of a service or a rollout, left out). */
export async function firingAlertsByPlace(db: Db): Promise<FiringAlertsOfPlace[]> {
  return rowsOf<FiringAlertsOfPlace>(
    await db.execute(sql`
      SELECT country_code AS "countryCode", coalesce(region, '') AS region, kind, count(*)::int AS n
      FROM alerts WHERE state = 'firing' AND country_code IS NOT NULL
      GROUP BY 1, 2, 3`),
  );
}

/**
 * The units of a country's (or one of its regions') firing alerts, with each alert's kind: a city's alerts are found
 * through its units.
 */
export async function firingAlertUnitsOf(
  db: Db,
  countryCode: string,
  region: string | undefined,
): Promise<{ serialNumber: string; kind: string }[]> {
  const inRegion = region === undefined ? sql`` : sql`AND coalesce(region, '') = ${region}`;
  return rowsOf<{ serialNumber: string; kind: string }>(
    await db.execute(sql`
      SELECT serial_number AS "serialNumber", kind FROM alerts
      WHERE state = 'firing' AND country_code = ${countryCode} ${inRegion} AND serial_number IS NOT NULL`),
  );
}
