import type { Aligner, ListRow, Paged, VersionRecord } from '@equipment-dashboard/contract';
import type { Family } from '@equipment-dashboard/domain';
import { api, apiToken } from './console';

/*
 * The fleet as the e2e specs see it: units picked through the API (the engine is in another process),
 * scenarios and the simulated clock (admin calls), and favourites to put back afterwards.
 */

let adminToken: Promise<string> | null = null;

/** An admin token, signed in once per worker. */
export function admin(): Promise<string> {
  adminToken ??= apiToken('admin');
  return adminToken;
}

/** Applies a scenario of the library (docs/simulator.md). */
export async function applyScenario(name: string): Promise<void> {
  await api(await admin(), '/sim/scenario/apply', { method: 'POST', body: { name } });
}

/** Changes the simulated clock: `{ speed }` or `{ step: '1m' }`. */
export async function setClock(body: { speed?: number; step?: string }): Promise<void> {
  await api(await admin(), '/sim/clock', { method: 'POST', body });
}

const LATEST_PATH: Record<Family, string> = {
  aligner: '/read/latest_software_version/v1',
  gtps: '/read/latest_gtps_software_version/v1',
  'aligner-oasis': '/read/latest_oasis_software_version/v1',
};

/** The family's latest published software. */
export async function latestOf(family: Family): Promise<VersionRecord> {
  return api<VersionRecord>(await admin(), LATEST_PATH[family]);
}

/** One unit as `username` sees it (its favourite flag is that user's). */
export async function readUnit(serialNumber: string, username = 'admin'): Promise<Aligner> {
  const query = new URLSearchParams({ serialNumber, username });
  return api<Aligner>(await admin(), `/read/aligner/v1/?${query.toString()}`);
}

/**
 * The first unit, in list order, that matches `wanted` (read in full). `filters` narrow the list call
 * (e.g. `{ filterFamily: 'aligner' }`); `skip` leaves out serials other specs of this run use.
 */
export async function findUnit(
  wanted: (unit: Aligner) => boolean | Promise<boolean>,
  filters: Record<string, string> = {},
  skip: readonly string[] = [],
): Promise<Aligner> {
  const token = await admin();
  for (let page = 1; page <= 30; page += 1) {
    const query = new URLSearchParams({ ...filters, page: String(page) });
    const list = await api<Paged<ListRow>>(token, `/read/aligners/v1/?${query.toString()}`);
    for (const row of list.docs) {
      if (skip.includes(row.serialNumber)) continue;
      const unit = await readUnit(row.serialNumber);
      if (await wanted(unit)) return unit;
    }
    if (page * 10 >= list.totalDocs) break;
  }
  throw new Error(`No unit matches (filters ${JSON.stringify(filters)}).`);
}

/** The serials on a user's radar (a radar is read with its owner's token). */
export async function favoritesOf(username: string): Promise<string[]> {
  const token = await apiToken(username);
  const list = await api<Aligner[]>(token, `/read/favorites/v1/?username=${encodeURIComponent(username)}`);
  return list.map((unit) => unit.serialNumber);
}

/** Puts a user's radar back to `serials` (removes what was added; the user's own token is needed). */
export async function restoreFavorites(username: string, serials: readonly string[]): Promise<void> {
  const token = await apiToken(username);
  for (const serialNumber of await favoritesOf(username)) {
    if (!serials.includes(serialNumber)) {
      await api(token, '/delete/favorite/v1/', { method: 'POST', body: { username, serialNumber } });
    }
  }
}

/** A raw call as a user, for checking what the server refuses. */
export async function callAs(
  username: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: { error?: string; code?: string } }> {
  const { url } = { url: process.env['E2E_BASE_URL'] ?? '' };
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await apiToken(username)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { error?: string; code?: string } };
}
