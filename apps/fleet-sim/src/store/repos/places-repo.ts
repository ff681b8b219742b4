import { sql } from 'drizzle-orm';
import type { Db } from '../database';
import { units } from '../schema';

/** One place units are in, with how many units are there. */
export interface PlaceCount {
  countryCode: string;
  countryName: string;
  region: string;
  city: string;
  n: number;
}

/** Every distinct (country, region, city) of the fleet: one grouped scan, cached by the caller. */
export async function distinctPlaces(db: Db): Promise<PlaceCount[]> {
  const countryName = sql<string>`coalesce(${units.geolocation}->>'country_name', '')`;
  const region = sql<string>`coalesce(${units.geolocation}->>'region', '')`;
  const city = sql<string>`coalesce(${units.geolocation}->>'city', '')`;
  return db
    .select({ countryCode: units.countryCode, countryName, region, city, n: sql<number>`count(*)::int` })
    .from(units)
    .groupBy(units.countryCode, countryName, region, city);
}
