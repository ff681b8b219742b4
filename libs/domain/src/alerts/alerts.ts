/**
 * Alerts: what a rule watches, an alert's lifecycle (pending, firing, acknowledged, resolved, silenced), the
 * flapping guard, silences and recurring maintenance windows, reminders and escalation, grouped messages and the
 * webhook retry schedule. Modelled on Grafana alerting (pending period, silences, mute timings) and ThingsBoard
 * alarms (one open alarm per originator and type, acknowledge and clear). Times are simulated milliseconds unless
 * said otherwise; every rule that needs "now" takes it.
 */

/** What a rule watches. */
export const ALERT_RULE_KINDS = [
  'unitOffline',
  'connectedShare',
  'serviceDown',
  'updateFailed',
  'rolloutPaused',
  'ticketsUnanswered',
] as const;
/** A rule's kind. */
export type AlertRuleKind = (typeof ALERT_RULE_KINDS)[number];

/** An alert's kind: its rule's, or `flapping` (raised by a unitOffline rule's flapping guard). */
export const ALERT_KINDS = [...ALERT_RULE_KINDS, 'flapping'] as const;
/** An alert's kind. */
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Labels of the rule kinds, for the rule editor and messages. */
export const ALERT_RULE_KIND_LABELS = {
  unitOffline: 'Unit offline',
  connectedShare: 'Connected share below threshold',
  serviceDown: 'Service down',
  updateFailed: 'Update failed',
  rolloutPaused: 'Rollout paused itself',
  ticketsUnanswered: 'Escalated ticket unanswered',
} as const satisfies Record<AlertRuleKind, string>;

/** Severities, most severe first. */
export const ALERT_SEVERITIES = ['critical', 'major', 'minor', 'warning'] as const;
/** An alert's or a rule's severity. */
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** Severities that reach a user by e-mail until they choose in their account menu. */
export const ALERT_EMAIL_DEFAULT_SEVERITIES: readonly AlertSeverity[] = ['critical', 'major'];

/** An alert's states. */
export const ALERT_STATES = ['pending', 'firing', 'acknowledged', 'resolved', 'silenced'] as const;
/** An alert's state. */
export type AlertState = (typeof ALERT_STATES)[number];

/** Labels of the states, as the Alerts screen's tabs and tags show them. */
export const ALERT_STATE_LABELS = {
  pending: 'Pending',
  firing: 'Firing',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
  silenced: 'Silenced',
} as const satisfies Record<AlertState, string>;

/** States of an open alert (at most one per rule and subject). */
export const OPEN_ALERT_STATES = [
  'pending',
  'firing',
  'acknowledged',
  'silenced',
] as const satisfies readonly AlertState[];

/** True when an alert in this state is still open (not resolved). */
export function isOpenAlertState(state: AlertState): boolean {
  return state !== 'resolved';
}

/** What staff do to an alert. */
export type AlertAction = 'acknowledge' | 'resolve';

/**
 * The state an alert moves to when staff act on it, or null when the move is not allowed (409): acknowledge a
 * firing or silenced alert; resolve any open alert by hand. A resolved alert takes nothing.
 */
export const ALERT_TRANSITIONS = {
  acknowledge: { firing: 'acknowledged', silenced: 'acknowledged' },
  resolve: { pending: 'resolved', firing: 'resolved', acknowledged: 'resolved', silenced: 'resolved' },
} as const satisfies Record<AlertAction, Partial<Record<AlertState, AlertState>>>;

/** See {@link ALERT_TRANSITIONS}. */
export function alertTransition(state: AlertState, action: AlertAction): AlertState | null {
  const to: Partial<Record<AlertState, AlertState>> = ALERT_TRANSITIONS[action];
  return to[state] ?? null;
}

/** Rule defaults where a rule leaves a field out. */
export const ALERT_RULE_DEFAULTS = {
  forMinutes: 5,
  /** connectedShare: percent of the scope's units connected. */
  connectedSharePercent: 90,
  /** ticketsUnanswered: hours an escalated ticket waits without a comment. */
  ticketHours: 4,
  /** The flapping guard: more than `drops` disconnects within `windowMinutes` is flapping. */
  flapDrops: 3,
  flapWindowMinutes: 30,
} as const;

/** How the engine sees a rule: what decides whether a subject fires. */
export interface AlertRuleFacts {
  kind: AlertRuleKind;
  forMinutes: number;
  /** connectedShare: percent (0-100); ticketsUnanswered: hours. */
  threshold?: number | null;
  includeAlreadyOffline?: boolean;
  remindEveryMinutes?: number | null;
  escalateAfterMinutes?: number | null;
}

/** The scope kinds of a rule. */
export const ALERT_SCOPE_KINDS = ['fleet', 'view', 'filters', 'serials'] as const;
/** A scope's kind. */
export type AlertScopeKind = (typeof ALERT_SCOPE_KINDS)[number];

/** The threshold a rule kind takes: its unit, the value a new rule starts with, its bounds and what a bad one hears. */
export interface AlertThresholdSpec {
  unit: 'percent' | 'hours';
  default: number;
  /** The largest value (none: any positive number). */
  max?: number;
  /** Why a missing or out-of-bounds threshold is refused. */
  problem: string;
}

/** What a rule kind takes beyond the fields every rule has. */
export interface AlertRuleKindFields {
  /** Its subjects are units, so a scope may narrow them; the other kinds watch the whole fleet. */
  scope: boolean;
  /** The threshold it needs, or null when it takes none. */
  threshold: AlertThresholdSpec | null;
  /** It takes `includeAlreadyOffline` and the flapping guard. */
  offlineOptions: boolean;
}

const NO_EXTRAS = { scope: false, threshold: null, offlineOptions: false } as const;

/**
 * What each rule kind takes: the rule editor shows these fields and the contract refuses the others
 * ({@link alertRuleProblems}).
 */
export const ALERT_RULE_KIND_FIELDS = {
  unitOffline: { scope: true, threshold: null, offlineOptions: true },
  connectedShare: {
    scope: true,
    threshold: {
      unit: 'percent',
      default: ALERT_RULE_DEFAULTS.connectedSharePercent,
      max: 100,
      problem: 'A connected share rule needs a threshold in percent (above 0, at most 100).',
    },
    offlineOptions: false,
  },
  serviceDown: NO_EXTRAS,
  updateFailed: { scope: true, threshold: null, offlineOptions: false },
  rolloutPaused: NO_EXTRAS,
  ticketsUnanswered: {
    ...NO_EXTRAS,
    threshold: {
      unit: 'hours',
      default: ALERT_RULE_DEFAULTS.ticketHours,
      problem: 'An unanswered tickets rule needs a threshold in hours (above 0).',
    },
  },
} as const satisfies Record<AlertRuleKind, AlertRuleKindFields>;

/** One problem of a rule: the field and what is wrong. */
export interface RuleProblem {
  path: string;
  message: string;
}

/** What a rule's fields must satisfy beyond their types; every problem at once. */
export function alertRuleProblems(rule: {
  kind: AlertRuleKind;
  scope: { kind: AlertScopeKind; viewId?: number; filters?: object; serials?: readonly string[] };
  forMinutes: number;
  threshold?: number | null;
  includeAlreadyOffline?: boolean;
  remindEveryMinutes?: number | null;
  escalateAfterMinutes?: number | null;
  channels?: { email?: readonly string[]; webhookIds?: readonly number[] };
  escalateTo?: { email?: readonly string[]; webhookIds?: readonly number[] } | null;
}): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const { kind, scope, threshold } = rule;
  const fields: AlertRuleKindFields = ALERT_RULE_KIND_FIELDS[kind];
  const label = ALERT_RULE_KIND_LABELS[kind].toLowerCase();
  if (scope.kind === 'view' && scope.viewId === undefined)
    problems.push({ path: 'scope.viewId', message: 'Required for a saved view scope.' });
  if (scope.kind === 'filters' && scope.filters === undefined)
    problems.push({ path: 'scope.filters', message: 'Required for a filters scope.' });
  if (scope.kind === 'serials' && !scope.serials?.length)
    problems.push({ path: 'scope.serials', message: 'Name at least one serial.' });
  const spec = fields.threshold;
  if (spec) {
    if (threshold === undefined || threshold === null || threshold <= 0 || threshold > (spec.max ?? Infinity))
      problems.push({ path: 'threshold', message: spec.problem });
  } else if (threshold !== undefined && threshold !== null) {
    problems.push({ path: 'threshold', message: `A ${label} rule takes no threshold.` });
  }
  if (rule.includeAlreadyOffline && !fields.offlineOptions)
    problems.push({ path: 'includeAlreadyOffline', message: 'Only a unit offline rule takes it.' });
  if (!fields.scope && scope.kind !== 'fleet') {
    problems.push({
      path: 'scope.kind',
      message: `A ${label} rule watches the whole fleet: its scope is fleet.`,
    });
  }
  const escalate = rule.escalateAfterMinutes;
  const target = rule.escalateTo;
  if (escalate && !target?.email?.length && !target?.webhookIds?.length) {
    problems.push({
      path: 'escalateTo',
      message: 'Escalation needs a second channel (an address or a webhook).',
    });
  }
  if (!escalate && (target?.email?.length || target?.webhookIds?.length)) {
    problems.push({
      path: 'escalateAfterMinutes',
      message: 'Say after how many minutes the second channel is added.',
    });
  }
  return problems;
}

/**
 * Where a subject whose condition has held since `since` stands under a pending period of `forMinutes`:
 * pending inside it, firing from its end. `firesAt` is when it fires (or fired).
 */
export function pendingVerdict(
  since: number,
  forMinutes: number,
  now: number,
): { state: 'pending' | 'firing'; firesAt: number } {
  const firesAt = since + forMinutes * 60_000;
  return { state: now >= firesAt ? 'firing' : 'pending', firesAt };
}

/**
 * Whether a unit that went offline at `offlineSince` is a subject of a unitOffline rule created at
 * `ruleCreatedAt`: units already offline when the rule was made count only with `includeAlreadyOffline`.
 */
export function offlineCounts(
  offlineSince: number,
  ruleCreatedAt: number,
  includeAlreadyOffline: boolean,
): boolean {
  return includeAlreadyOffline || offlineSince >= ruleCreatedAt;
}

/**
 * The flapping guard: a unit whose disconnects (`drops`, simulated ms, any order) within the last
 * `windowMinutes` number more than `maxDrops` is flapping.
 */
export function isFlapping(
  drops: readonly number[],
  now: number,
  maxDrops: number,
  windowMinutes: number,
): boolean {
  const from = now - windowMinutes * 60_000;
  let n = 0;
  for (const at of drops) if (at > from && at <= now) n += 1;
  return n > maxDrops;
}

/** Disconnects worth keeping for the flapping guard: those inside the window, at most `maxDrops + 1` newest. */
export function keptDrops(
  drops: readonly number[],
  now: number,
  maxDrops: number,
  windowMinutes: number,
): number[] {
  const from = now - windowMinutes * 60_000;
  return drops
    .filter((at) => at > from)
    .sort((a, b) => a - b)
    .slice(-(maxDrops + 1));
}

/** Days of the week as a recurring window names them (0 = Sunday, as `Date.getDay`). */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
/** A day of the week. */
export type Weekday = (typeof WEEKDAYS)[number];

/** A recurring maintenance window: days of the week and local hours [startHour, endHour) in an IANA time zone. */
export interface RecurringWindow {
  days: readonly Weekday[];
  startHour: number;
  endHour: number;
  timeZone: string;
}

/** True when the IANA time zone is known to this runtime. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The weekday and hour of `now` in a time zone. */
export function zonedDayHour(now: number, timeZone: string): { day: Weekday; hour: number } {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: 'numeric',
      hourCycle: 'h23',
    });
    zoneFormats.set(timeZone, format);
  }
  let day: Weekday = 'sun';
  let hour = 0;
  for (const part of format.formatToParts(now)) {
    if (part.type === 'weekday') day = part.value.slice(0, 3).toLowerCase() as Weekday;
    if (part.type === 'hour') hour = Number(part.value) % 24;
  }
  return { day, hour };
}

/**
 * Whether a recurring window is open at `now`. A window over midnight (start after end) belongs to the day it
 * starts on; equal hours mean the whole day.
 */
export function windowOpen(window: RecurringWindow, now: number): boolean {
  const { day, hour } = zonedDayHour(now, window.timeZone);
  const { startHour: start, endHour: end } = window;
  if (start === end) return window.days.includes(day);
  if (start < end) return window.days.includes(day) && hour >= start && hour < end;
  if (hour >= start) return window.days.includes(day);
  if (hour < end) {
    const yesterday = WEEKDAYS[(WEEKDAYS.indexOf(day) + 6) % 7] as Weekday;
    return window.days.includes(yesterday);
  }
  return false;
}

/** What a silence matches; every field given must match (a silence with none matches everything). */
export interface SilenceMatcher {
  ruleId?: number | null;
  serials?: readonly string[] | null;
  families?: readonly string[] | null;
  /** ISO country codes of the units (a regional outage). */
  countries?: readonly string[] | null;
  services?: readonly string[] | null;
  /** Serials of the saved view the silence names, resolved by the caller. */
  viewSerials?: ReadonlySet<string> | null;
  /** Serials of the units in the regions the silence names (of its one country), resolved by the caller. */
  regionSerials?: ReadonlySet<string> | null;
}

/** A silence: a matcher, active from start to end, or inside a recurring window. */
export interface SilenceFacts {
  matcher: SilenceMatcher;
  startsAt: number;
  endsAt: number;
  recurring?: RecurringWindow | null;
}

/** The subject an alert is about, with the facts silences match on. */
export interface AlertSubjectFacts {
  ruleId: number;
  serialNumber?: string | null;
  family?: string | null;
  countryCode?: string | null;
  service?: string | null;
}

/** True when the silence is active at `now`: between its start and end and, for a recurring one, inside its window. */
export function silenceActive(
  silence: Pick<SilenceFacts, 'startsAt' | 'endsAt' | 'recurring'>,
  now: number,
): boolean {
  if (now < silence.startsAt || now >= silence.endsAt) return false;
  return silence.recurring ? windowOpen(silence.recurring, now) : true;
}

/** True when the silence matches the subject (ignoring time). */
export function silenceMatches(matcher: SilenceMatcher, subject: AlertSubjectFacts): boolean {
  if (matcher.ruleId !== undefined && matcher.ruleId !== null && matcher.ruleId !== subject.ruleId)
    return false;
  if (matcher.serials?.length && !(subject.serialNumber && matcher.serials.includes(subject.serialNumber)))
    return false;
  if (matcher.viewSerials && !(subject.serialNumber && matcher.viewSerials.has(subject.serialNumber)))
    return false;
  if (matcher.regionSerials && !(subject.serialNumber && matcher.regionSerials.has(subject.serialNumber)))
    return false;
  if (matcher.families?.length && !(subject.family && matcher.families.includes(subject.family)))
    return false;
  if (matcher.countries?.length && !(subject.countryCode && matcher.countries.includes(subject.countryCode)))
    return false;
  if (matcher.services?.length && !(subject.service && matcher.services.includes(subject.service)))
    return false;
  return true;
}

/** True when any of the silences is active at `now` and matches the subject. */
export function silenced(
  silences: readonly SilenceFacts[],
  subject: AlertSubjectFacts,
  now: number,
): boolean {
  return silences.some((s) => silenceActive(s, now) && silenceMatches(s.matcher, subject));
}

/** Why a unit is expected to be offline: an outage the console caused or a planned scenario. */
export interface PlannedOutage {
  /** Serials it covers (null: every unit), or the service it restarts. */
  serials?: ReadonlySet<string> | null;
  service?: string | null;
  until: number;
  /** What caused it, for the alert: 'Restart of Cloud Sync from the dashboard by admin'. */
  reason: string;
}

/** The planned outage that explains a subject at `now`, if any. */
export function plannedOutageFor(
  outages: readonly PlannedOutage[],
  subject: { serialNumber?: string | null; service?: string | null },
  now: number,
): PlannedOutage | null {
  for (const outage of outages) {
    if (now >= outage.until) continue;
    if (subject.service && outage.service === subject.service) return outage;
    if (
      subject.serialNumber &&
      !outage.service &&
      (!outage.serials || outage.serials.has(subject.serialNumber))
    )
      return outage;
  }
  return null;
}

/** What a firing, unacknowledged alert is owed now: a reminder, the escalation, both or nothing. */
export function notificationsDue(
  alert: { firedAt: number; lastRemindedAt: number | null; escalatedAt: number | null },
  rule: Pick<AlertRuleFacts, 'remindEveryMinutes' | 'escalateAfterMinutes'>,
  now: number,
): { remind: boolean; escalate: boolean } {
  const every = rule.remindEveryMinutes ? rule.remindEveryMinutes * 60_000 : 0;
  const remind = every > 0 && now - (alert.lastRemindedAt ?? alert.firedAt) >= every;
  const after = rule.escalateAfterMinutes ? rule.escalateAfterMinutes * 60_000 : 0;
  const escalate = after > 0 && alert.escalatedAt === null && now - alert.firedAt >= after;
  return { remind, escalate };
}

/** Alerts of one rule that change within this long (real time) go out as one message. */
export const ALERT_GROUP_WINDOW_MS = 60_000;
/** Serials a grouped message names before "and N more". */
export const ALERT_GROUP_SERIALS_SHOWN = 10;

const KIND_PHRASES: Record<AlertKind, [one: string, many: string]> = {
  unitOffline: ['unit offline', 'units offline'],
  connectedShare: ['connected share below threshold', 'connected shares below threshold'],
  serviceDown: ['service down', 'services down'],
  updateFailed: ['update failed', 'updates failed'],
  rolloutPaused: ['rollout paused itself', 'rollouts paused themselves'],
  ticketsUnanswered: ['escalated ticket unanswered', 'escalated tickets unanswered'],
  flapping: ['unit flapping', 'units flapping'],
};

/** The event of a grouped message. */
export type AlertEvent = 'firing' | 'resolved' | 'acknowledged';

/**
 * The title of a grouped message: "37 units offline in US aligners" (firing), "37 units offline in US aligners:
 * resolved", "1 service down in Services: acknowledged".
 */
export function groupedTitle(
  kind: AlertKind,
  count: number,
  ruleName: string,
  event: AlertEvent = 'firing',
): string {
  const [one, many] = KIND_PHRASES[kind];
  const base = `${count.toLocaleString('en-US')} ${count === 1 ? one : many} in ${ruleName}`;
  return event === 'firing' ? base : `${base}: ${event}`;
}

/**
 * The subjects a grouped message names: the first few, then "and N more". `total` counts the group when `subjects`
 * holds only its first ones (a message of 100,000 alerts reads a few of them).
 */
export function groupedSubjects(
  subjects: readonly string[],
  shown = ALERT_GROUP_SERIALS_SHOWN,
  total = subjects.length,
): string {
  const named = subjects.slice(0, shown);
  const rest = Math.max(total, subjects.length) - named.length;
  const first = named.join(', ');
  return rest > 0 ? `${first} and ${rest.toLocaleString('en-US')} more` : first;
}

/** How long a webhook delivery is retried (real time) before it is given up. */
export const DELIVERY_RETRY_FOR_MS = 24 * 3_600_000;
/** How long a receiver has to answer a delivery (real time). */
export const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * The wait (real ms) before attempt `attempt + 1` of a delivery that failed `attempt` times: doubling from `baseMs`
 * up to an hour, until {@link DELIVERY_RETRY_FOR_MS} after the first attempt; null when it is given up.
 */
export function deliveryRetryDelay(
  attempt: number,
  firstAttemptAt: number,
  now: number,
  baseMs = 5_000,
): number | null {
  const delay = Math.min(3_600_000, baseMs * 2 ** Math.max(0, attempt - 1));
  return now + delay - firstAttemptAt > DELIVERY_RETRY_FOR_MS ? null : delay;
}

/** True when the (IPv4) host is in the cloud metadata range 169.254.0.0/16, which webhooks may not target. */
export function isLinkLocalV4(host: string): boolean {
  return /^169\.254\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** A webhook URL as a URL parser splits it (WHATWG: decimal, octal and hex IPv4 forms already made dotted quads). */
export interface WebhookTarget {
  protocol: string;
  hostname: string;
  /** The URL carries a user name or password. */
  credentials: boolean;
}

/**
 * Why a webhook URL is refused, or null: only http(s), never the link-local / cloud metadata range
 * (169.254.0.0/16, fe80::/10, their IPv4-mapped form), nor credentials in the URL.
 */
export function webhookTargetProblem(target: WebhookTarget): string | null {
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return 'Only http and https URLs are allowed.';
  if (target.credentials) return 'A webhook URL may not carry credentials.';
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isLinkLocalAddress(host) || host === 'metadata.google.internal')
    return 'The link-local (cloud metadata) range is refused.';
  return null;
}

/** True for an address in 169.254.0.0/16, fe80::/10 or the IPv4-mapped link-local range. */
export function isLinkLocalAddress(address: string): boolean {
  const host = address.toLowerCase();
  return isLinkLocalV4(host) || /^fe[89ab][0-9a-f]:/.test(host) || /^::ffff:(a9fe:|169\.254\.)/.test(host);
}
