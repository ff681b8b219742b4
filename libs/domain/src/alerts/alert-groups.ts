/**
 * Alert storms grouped by place: which regions of a country make groups of their own, and the sentence that says a
 * drop of most of a place's units within a few minutes is likely regional. The alert center, the alerts' "Why" and
 * the grouped webhook message all say it with these rules.
 */

/** The thresholds of the groups and of the sentence (see docs/decisions.md, "Alert storms, grouped by place"). */
export const ALERT_GROUP_RULES = {
  /** A region makes a group of its own when it holds at least this many of a rule's open alerts in its country ... */
  regionMinAlerts: 20,
  /** ... and the share of its units alerted is at least this many times the share in the rest of the country. */
  regionRateFactor: 2,
  /** The sentence: at least this share of the place's units ... */
  regionalShare: 0.5,
  /** ... and at least this many units ... */
  regionalMinUnits: 20,
  /** ... went offline within this long (simulated ms). */
  regionalWindowMs: 5 * 60_000,
} as const;

/** The thresholds a caller may change (tests, a bench). */
export type AlertGroupRules = { readonly [K in keyof typeof ALERT_GROUP_RULES]: number };

/**
 * The alert center shows a rule's alerts grouped by place (rather than as a list) once a rule has more than this
 * many open alerts in the state shown: a page of the list.
 */
export const ALERT_GROUPED_VIEW_MIN = 10;

/** One region of a country: a rule's open alerts in it and the units it has (`region` null: unknown). */
export interface RegionTally {
  region: string | null;
  alerts: number;
  units: number;
}

/**
 * The regions of one country whose alerts make groups of their own: a region holding at least `regionMinAlerts` of
 * the rule's open alerts, whose share of units alerted is at least `regionRateFactor` times the share of the rest of
 * the country (a region down while the rest of the country is not). A country-wide outage alerts every region alike
 * and stays one group; a country of one region never splits. The other alerts stay in the country's group.
 */
export function regionsApart(
  tallies: readonly RegionTally[],
  rules: AlertGroupRules = ALERT_GROUP_RULES,
): Set<string> {
  let alerts = 0;
  let units = 0;
  for (const t of tallies) {
    alerts += t.alerts;
    units += t.units;
  }
  const apart = new Set<string>();
  for (const t of tallies) {
    if (t.region === null || t.alerts < rules.regionMinAlerts) continue;
    const restUnits = units - t.units;
    if (restUnits <= 0) continue;
    const rate = t.alerts / Math.max(t.units, t.alerts);
    const restRate = (alerts - t.alerts) / restUnits;
    if (rate > restRate && rate >= rules.regionRateFactor * restRate) apart.add(t.region);
  }
  return apart;
}

/** Alerts that started within one stretch of time (simulated ms): a bucket of a histogram of start times. */
export interface StartBucket {
  /** The earliest and latest start in the bucket. */
  first: number;
  last: number;
  count: number;
}

/**
 * The most alerts whose starts fit within `windowMs` of each other, from buckets of start times sorted by `first`
 * (buckets do not overlap), and the time between the first and last of them. A bucket is taken whole or not at all,
 * so buckets should be much shorter than the window.
 */
export function densestDrop(
  buckets: readonly StartBucket[],
  windowMs: number,
): { dropped: number; withinMs: number } {
  let best = { dropped: 0, withinMs: 0 };
  let from = 0;
  let sum = 0;
  for (let to = 0; to < buckets.length; to++) {
    const last = buckets[to] as StartBucket;
    sum += last.count;
    while (from <= to && last.last - (buckets[from] as StartBucket).first > windowMs) {
      sum -= (buckets[from] as StartBucket).count;
      from += 1;
    }
    if (from > to) continue;
    const withinMs = last.last - (buckets[from] as StartBucket).first;
    if (sum > best.dropped || (sum === best.dropped && withinMs < best.withinMs))
      best = { dropped: sum, withinMs };
  }
  return best;
}

/** What the sentence is told of a place's drop. */
export interface PlaceDrop {
  /** The place as the sentence names it: "the United States", "California, United States". */
  place: string;
  /** The place's units. */
  units: number;
  /** Units that went offline within `withinMs` of each other. */
  dropped: number;
  withinMs: number;
}

const count = (n: number) => n.toLocaleString('en-US');

/** "2 minutes", "1 minute": at least a minute, rounded up. */
function minutesPhrase(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * "4,700 of 4,800 units in the United States went offline within 2 minutes: a regional cause is likely", when at
 * least `regionalShare` of the place's units and at least `regionalMinUnits` units went offline within
 * `regionalWindowMs`; otherwise null (nothing points at the place).
 */
export function regionalCauseSentence(
  drop: PlaceDrop,
  rules: AlertGroupRules = ALERT_GROUP_RULES,
): string | null {
  const units = Math.max(drop.units, drop.dropped);
  if (drop.dropped < rules.regionalMinUnits || units === 0) return null;
  if (drop.dropped < rules.regionalShare * units || drop.withinMs > rules.regionalWindowMs) return null;
  return (
    `${count(drop.dropped)} of ${count(units)} units in ${drop.place} went offline within ` +
    `${minutesPhrase(drop.withinMs)}: a regional cause is likely`
  );
}

/** Country names English writes with "the" ("the United States", "the Netherlands"). */
const WITH_THE =
  /^(United |Netherlands$|Philippines$|Bahamas$|Maldives$|Gambia$|Czech Republic$|Dominican Republic$|Central African Republic$|Democratic Republic|Republic of |Comoros$|Seychelles$|Marshall Islands$|Solomon Islands$)/;

/**
 * A group's place as the sentence names it: "the United States" (a country), "California, United States" (a
 * region), "the rest of the United States" (a country's alerts outside its regions grouped apart).
 */
export function placePhrase(place: { countryName: string; region?: string | null; rest?: boolean }): string {
  const name = place.countryName;
  if (place.region) return `${place.region}, ${name}`;
  const country = WITH_THE.test(name) ? `the ${name}` : name;
  return place.rest ? `the rest of ${country}` : country;
}

/**
 * Whether the alert center opens on its grouped view: some rule has more than `min` open alerts among the groups
 * given (the first page of groups, largest first).
 */
export function prefersGroupedView(
  groups: readonly { ruleId: number; count: number }[],
  min: number = ALERT_GROUPED_VIEW_MIN,
): boolean {
  const byRule = new Map<number, number>();
  for (const g of groups) {
    const n = (byRule.get(g.ruleId) ?? 0) + g.count;
    if (n > min) return true;
    byRule.set(g.ruleId, n);
  }
  return false;
}
