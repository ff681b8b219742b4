/**
 * The fleet map's rules (the Fleet Map screen and its call): its levels, which updater states count as
 * "updating", when a place has too few units for its connected share to say anything, and that share's colour
 * step. Pure: the server sums counts with them, the console draws with them.
 */
import type { KnownUpdateState } from '../update-state/update-state';

/** The map's levels, from the widest: countries, then one country's regions, then one region's cities. */
export const MAP_LEVELS = ['country', 'region', 'city'] as const;
/** One of {@link MAP_LEVELS}. */
export type MapLevel = (typeof MAP_LEVELS)[number];

/**
 * The updater states of a unit in the middle of an update: from the first byte downloaded to the install's end
 * (Downloading, Install Pending, Validating Update Contents, Restarting Updater, Installing). Pending Download is
 * not counted (nothing moved yet), nor Install Complete (it is over), nor any state the updater reports raw.
 */
export const UPDATING_STATES = [
  'DOWNLOADING',
  'READY_TO_INSTALL',
  'VALIDATING_UPDATE',
  'SYSMAN_RESTART',
  'INSTALLING_UPDATE',
] as const satisfies readonly KnownUpdateState[];

const UPDATING = new Set<string>(UPDATING_STATES);

/** True when a unit in this updater state is updating (see {@link UPDATING_STATES}). */
export function isUpdatingState(state: string | null | undefined): boolean {
  return state !== null && state !== undefined && UPDATING.has(state);
}

/**
 * Below this many units a place's connected share says nothing (one unit off is a third of three): the map greys
 * the place instead of colouring it.
 */
export const MAP_MIN_UNITS = 10;

/** A place's connected share (0 to 1), or null when it has fewer than {@link MAP_MIN_UNITS} units. */
export function connectedShare(place: { units: number; connected: number }): number | null {
  if (place.units < MAP_MIN_UNITS) return null;
  return Math.min(1, Math.max(0, place.connected / place.units));
}

/**
 * The colour steps of the connected share, lowest first: a share falls in the last step whose lower bound it
 * reaches. Steps, not a continuous scale, so that the legend names each colour and a reader can tell two apart.
 */
export const SHARE_STEPS = [0, 0.5, 0.7, 0.8, 0.9, 0.95] as const;

/** The step of a share (an index into {@link SHARE_STEPS}), or -1 for "too few units" (null). */
export function shareStep(share: number | null): number {
  if (share === null) return -1;
  let step = 0;
  SHARE_STEPS.forEach((bound, i) => {
    if (share >= bound) step = i;
  });
  return step;
}

/** The legend's text of a step: "95% or more", "90-95%", ... "under 50%". */
export function shareStepLabel(step: number): string {
  const lo = SHARE_STEPS[step];
  if (lo === undefined) return `fewer than ${MAP_MIN_UNITS} units`;
  const hi = SHARE_STEPS[step + 1];
  const pct = (n: number) => `${Math.round(n * 100)}%`;
  if (hi === undefined) return `${pct(lo)} or more`;
  if (lo === 0) return `under ${pct(hi)}`;
  return `${Math.round(lo * 100)}-${pct(hi)}`;
}

/** The key of a map cell: the country code, then the region and the city it is drilled to, joined by '/'. */
export function mapCellKey(countryCode: string, region?: string | null, city?: string | null): string {
  return [countryCode, region, city]
    .filter((part): part is string => part !== undefined && part !== null)
    .join('/');
}
