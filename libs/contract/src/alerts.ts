import { z } from 'zod';
import {
  ALERT_KINDS,
  ALERT_RULE_KINDS,
  ALERT_SCOPE_KINDS,
  ALERT_SEVERITIES,
  ALERT_STATES,
  PERMISSIONS,
  SERVICE_NAMES,
  WEEKDAYS,
  alertRuleProblems,
  isTimeZone,
  webhookTargetProblem,
} from '@equipment-dashboard/domain';
import { areaEndpoints, pagedListQuery } from './define';
import { countSchema, familySchema, paged, recordIdSchema, timestampSchema } from './primitives';
import { enumFilterQuery, filterQuery, idQuery, requiredText } from './query';
import { rolloutFiltersSchema } from './rollouts';
import { safeText, tooLongMessage, TEXT_MAX } from './text';

/** Serials a rule's or a silence's scope may name. */
export const ALERT_SCOPE_SERIALS_MAX = 10_000;
/** Addresses a rule's e-mail channel may name. */
export const ALERT_EMAILS_MAX = 20;
/** Longest pending period, reminder or escalation delay: a week, in minutes. */
export const ALERT_MINUTES_MAX = 7 * 24 * 60;
/** Alerts one acknowledge or resolve may name. */
export const ALERT_IDS_MAX = 1_000;

const emailSchema = z.email().max(TEXT_MAX.email, tooLongMessage(TEXT_MAX.email));
const serialSchema = safeText(TEXT_MAX.name).trim().min(1);
const minutes = z.int().min(0).max(ALERT_MINUTES_MAX);
const positiveMinutes = z.int().min(1).max(ALERT_MINUTES_MAX);

/** Where a rule's notifications go besides the console (which every rule reaches). */
export const alertChannelsSchema = z.strictObject({
  email: z.array(emailSchema).max(ALERT_EMAILS_MAX).default([]),
  webhookIds: z.array(recordIdSchema).max(ALERT_EMAILS_MAX).default([]),
});
/** See {@link alertChannelsSchema}. */
export type AlertChannels = z.output<typeof alertChannelsSchema>;

/**
 * The units a rule watches: the whole fleet, a saved view of the equipment list (`viewId`), the equipment list's
 * filters (`filters`) or a list of serials (`serials`). One object with the kind's field required.
 */
export const alertScopeBodySchema = z.strictObject({
  kind: z.enum(ALERT_SCOPE_KINDS),
  viewId: recordIdSchema.optional(),
  filters: rolloutFiltersSchema.optional(),
  serials: z.array(serialSchema).max(ALERT_SCOPE_SERIALS_MAX).optional(),
});

/** The flapping guard of a unitOffline rule: more than `drops` disconnects within `windowMinutes`. */
export const flappingGuardSchema = z.strictObject({
  drops: z.int().min(1).max(100),
  windowMinutes: positiveMinutes,
});

/** A rule's fields without their defaults: an update names only the fields that change. */
const alertRuleShape = {
  name: requiredText,
  kind: z.enum(ALERT_RULE_KINDS),
  severity: z.enum(ALERT_SEVERITIES),
  scope: alertScopeBodySchema,
  /** The pending period on the simulated clock: the condition holds this long before the alert fires. */
  forMinutes: minutes,
  /** connectedShare: the percent of the scope's units connected below which it fires; ticketsUnanswered: hours. */
  threshold: z.number().positive().max(10_000).nullable().optional(),
  /** unitOffline: units already offline when the rule is created fire too. */
  includeAlreadyOffline: z.boolean(),
  channels: alertChannelsSchema,
  /** Notify again every N minutes while an alert fires unacknowledged (null: never). */
  remindEveryMinutes: positiveMinutes.nullable().optional(),
  /** Add `escalateTo` after M minutes firing unacknowledged (null: never). */
  escalateAfterMinutes: positiveMinutes.nullable().optional(),
  escalateTo: alertChannelsSchema.nullable().optional(),
  /** unitOffline: the flapping guard (default: more than 3 drops in 30 minutes). */
  flapping: flappingGuardSchema.optional(),
  enabled: z.boolean(),
};

/** A rule's fields as the editor sends them (create, preview). */
const alertRuleFields = z.strictObject({
  ...alertRuleShape,
  scope: alertRuleShape.scope.default({ kind: 'fleet' }),
  forMinutes: alertRuleShape.forMinutes.default(5),
  includeAlreadyOffline: alertRuleShape.includeAlreadyOffline.default(false),
  channels: alertRuleShape.channels.default({ email: [], webhookIds: [] }),
  enabled: alertRuleShape.enabled.default(true),
});

type RuleFields = z.output<typeof alertRuleFields>;

function checkRule(rule: RuleFields, ctx: z.RefinementCtx): void {
  for (const problem of alertRuleProblems(rule))
    ctx.addIssue({ code: 'custom', path: problem.path.split('.'), message: problem.message });
}

/** Body of POST /create/alert_rule/v1, and of the preview. */
export const createAlertRuleBodySchema = alertRuleFields.superRefine(checkRule);
/** See {@link createAlertRuleBodySchema}. */
export type CreateAlertRuleBody = z.input<typeof createAlertRuleBodySchema>;

/**
 * Body of POST /update/alert_rule/v1: the rule's id and the fields that change (the rest stay); the merged rule is
 * checked as a new one would be.
 */
export const updateAlertRuleBodySchema = z
  .strictObject(alertRuleShape)
  .partial()
  .extend({ id: recordIdSchema })
  .strict();
/** See {@link updateAlertRuleBodySchema}. */
export type UpdateAlertRuleBody = z.input<typeof updateAlertRuleBodySchema>;

/** A rule's scope as the rule shows it (a saved view with its name). */
export const alertScopeSchema = z.object({
  kind: z.enum(ALERT_SCOPE_KINDS),
  viewId: z.int().optional(),
  viewName: z.string().optional(),
  filters: z.record(z.string(), z.string()).optional(),
  serials: z.array(z.string()).optional(),
});
/** See {@link alertScopeSchema}. */
export type AlertScope = z.infer<typeof alertScopeSchema>;

/** An alert rule. */
export const alertRuleSchema = z.object({
  id: recordIdSchema,
  name: z.string().min(1),
  kind: z.enum(ALERT_RULE_KINDS),
  severity: z.enum(ALERT_SEVERITIES),
  scope: alertScopeSchema,
  forMinutes: countSchema,
  threshold: z.number().nullable(),
  includeAlreadyOffline: z.boolean(),
  channels: z.object({ email: z.array(z.string()), webhookIds: z.array(z.int()) }),
  remindEveryMinutes: z.int().nullable(),
  escalateAfterMinutes: z.int().nullable(),
  escalateTo: z.object({ email: z.array(z.string()), webhookIds: z.array(z.int()) }).nullable(),
  flapping: z.object({ drops: z.int(), windowMinutes: z.int() }),
  enabled: z.boolean(),
  createdBy: z.string(),
  /** Simulated time of creation (units offline before it do not fire without includeAlreadyOffline). */
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
/** See {@link alertRuleSchema}. */
export type AlertRule = z.infer<typeof alertRuleSchema>;

/** What a rule would do now: nothing is stored. */
export const alertRulePreviewSchema = z.object({
  /** Subjects whose condition holds now (firing at once, or after the pending period). */
  wouldFire: countSchema,
  /** unitOffline: units of the scope offline now, already offline before the rule (fire only with includeAlreadyOffline). */
  alreadyOffline: countSchema,
  /** Units of the scope (0 for kinds that do not watch units). */
  inScope: countSchema,
  /** The first few subjects that would fire (serials, services, rollout or ticket ids). */
  subjects: z.array(z.string()),
});
/** See {@link alertRulePreviewSchema}. */
export type AlertRulePreview = z.infer<typeof alertRulePreviewSchema>;

/** What an alert is about: a unit, a service, a rollout, a ticket, or the rule's whole scope (connectedShare). */
export const alertSubjectSchema = z.object({
  serialNumber: z.string().optional(),
  family: familySchema.optional(),
  service: z.string().optional(),
  rolloutId: z.int().optional(),
  ticketId: z.int().optional(),
  /** connectedShare: the scope's share connected (percent) when it last changed. */
  connectedPercent: z.number().optional(),
});
/** See {@link alertSubjectSchema}. */
export type AlertSubject = z.infer<typeof alertSubjectSchema>;

/**
 * What an alert is about, as a mail or an export names it: the unit's serial, the service, `rollout <id>`,
 * `ticket <id>`, or else (a rule about its whole scope) `scope`.
 */
export function alertSubjectText(subject: AlertSubject, scope = 'scope'): string {
  if (subject.serialNumber !== undefined) return subject.serialNumber;
  if (subject.service !== undefined) return subject.service;
  if (subject.rolloutId) return `rollout ${subject.rolloutId}`;
  if (subject.ticketId) return `ticket ${subject.ticketId}`;
  return scope;
}

/** An alert as the lists show it. */
export const alertSchema = z.object({
  id: recordIdSchema,
  ruleId: z.int(),
  ruleName: z.string(),
  kind: z.enum(ALERT_KINDS),
  severity: z.enum(ALERT_SEVERITIES),
  state: z.enum(ALERT_STATES),
  subject: alertSubjectSchema,
  /** One line: what happened ("Unit 4TW1234 offline since 10:02"). */
  summary: z.string(),
  /** Why it happened when the console knows (a restart from the dashboard, a planned scenario). */
  cause: z.string().nullable(),
  /** When the condition started to hold (simulated time). */
  startedAt: timestampSchema,
  firedAt: timestampSchema.nullable(),
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: timestampSchema.nullable(),
  comment: z.string().nullable(),
  resolvedAt: timestampSchema.nullable(),
  /** Who or what resolved it: 'condition cleared', or a username. */
  resolvedBy: z.string().nullable(),
  updatedAt: timestampSchema,
  /**
   * Where the alert's unit is (its country code and region when the alert opened); null for an alert about no unit,
   * and for alerts opened before alerts kept their place.
   */
  countryCode: z.string().nullable().optional(),
  region: z.string().nullable().optional(),
});
/** See {@link alertSchema}. */
export type Alert = z.infer<typeof alertSchema>;

/** One change of an alert's state, with who or what caused it. */
export const alertStateChangeSchema = z.object({
  from: z.enum(ALERT_STATES).nullable(),
  to: z.enum(ALERT_STATES),
  /** A username, or what the evaluator saw ('condition holds', 'pending period over', 'condition cleared', 'silence 4 ended'). */
  by: z.string(),
  comment: z.string().nullable(),
  at: timestampSchema,
});
/** See {@link alertStateChangeSchema}. */
export type AlertStateChange = z.infer<typeof alertStateChangeSchema>;

/** One alert with its state history, oldest first. */
export const alertDetailSchema = alertSchema.extend({ history: z.array(alertStateChangeSchema) });
/** See {@link alertDetailSchema}. */
export type AlertDetail = z.infer<typeof alertDetailSchema>;

/** The bell's figures: firing alerts, of which unacknowledged, and open (firing or acknowledged) by severity. */
export const alertCountsSchema = z.object({
  firing: countSchema,
  unacknowledged: countSchema,
  bySeverity: z.object(
    Object.fromEntries(ALERT_SEVERITIES.map((s) => [s, countSchema])) as Record<
      (typeof ALERT_SEVERITIES)[number],
      typeof countSchema
    >,
  ),
});
/** See {@link alertCountsSchema}. */
export type AlertCounts = z.infer<typeof alertCountsSchema>;

/** A country code filter: two letters of any case, kept upper case; empty means no filter. */
const countryCodeQuery = filterQuery.pipe(
  z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'an ISO country code of two letters')
    .transform((code) => code.toUpperCase())
    .optional(),
);

/** The alerts list's query: page, and filters by state, severity, rule, family, serial and place. */
export const alertsQuerySchema = pagedListQuery({
  state: enumFilterQuery(ALERT_STATES),
  severity: enumFilterQuery(ALERT_SEVERITIES),
  ruleId: z
    .union([idQuery, z.literal('')])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  family: filterQuery,
  serialNumber: filterQuery,
  /** The unit's country (ISO code, any case) and region when the alert opened: the map's link to a place's alerts. */
  countryCode: countryCodeQuery,
  region: filterQuery,
});

/** Body of the acknowledge call: the alerts and one comment for them all. */
export const acknowledgeAlertsBodySchema = z.strictObject({
  ids: z.array(recordIdSchema).min(1).max(ALERT_IDS_MAX),
  comment: safeText(TEXT_MAX.prose).trim().default(''),
});
/** Body of the resolve call. */
export const resolveAlertsBodySchema = z.strictObject({
  ids: z.array(recordIdSchema).min(1).max(ALERT_IDS_MAX),
  comment: safeText(TEXT_MAX.prose).trim().optional(),
});

/** The states an alert group counts (open alerts: a resolved alert is in no group). */
export const ALERT_GROUP_STATES = ['pending', 'firing', 'acknowledged', 'silenced'] as const;

/**
 * The groups' query: the alerts list's filters (a state of an open alert only). The filters choose the alerts a group
 * counts; which groups there are does not depend on them.
 */
export const alertGroupsQuerySchema = pagedListQuery({
  ...alertsQuerySchema.shape,
  state: enumFilterQuery(ALERT_GROUP_STATES),
});

/**
 * One rule's open alerts in one place: a country, a region of it (when the rule's alerts there stand out from the
 * rest of the country), or no place (alerts about no unit, or opened before alerts kept their place).
 */
export const alertGroupSchema = z.object({
  ruleId: z.int(),
  ruleName: z.string(),
  severity: z.enum(ALERT_SEVERITIES),
  /** The country's ISO code; null: alerts without a place. */
  countryCode: z.string().nullable(),
  /** The region, when the group is one region of the country; null: the country (or its other regions). */
  region: z.string().nullable(),
  /** The place as a sentence names it: "the United States", "California, United States". */
  placeName: z.string().nullable(),
  /** Alerts of the group the filters count. */
  count: countSchema,
  firstStartedAt: timestampSchema,
  lastStartedAt: timestampSchema,
  /** `count` over the place's units (0 to 1); null when the place is unknown. */
  share: z.number().min(0).max(1).nullable(),
  /**
   * In words, when there is something to say: "4,700 of 4,800 units in the United States went offline within 2
   * minutes: a regional cause is likely", or the reason the group's alerts share (a planned outage); else null.
   */
  summary: z.string().nullable(),
});
/** See {@link alertGroupSchema}. */
export type AlertGroup = z.infer<typeof alertGroupSchema>;

/**
 * Body of the group calls: a rule and a place (as a group names it: `region` null is the country's group, without
 * the regions grouped apart; `countryCode` null the alerts without a place) and one comment, required.
 */
export const alertGroupBodySchema = z.strictObject({
  ruleId: recordIdSchema,
  countryCode: safeText(2)
    .regex(/^[A-Za-z]{2}$/, 'an ISO country code of two letters')
    .transform((code) => code.toUpperCase())
    .nullable(),
  region: safeText(TEXT_MAX.name).trim().min(1).nullable().default(null),
  comment: safeText(TEXT_MAX.prose).trim().min(1, 'A comment is required: what you are doing about it.'),
});
/** See {@link alertGroupBodySchema}. */
export type AlertGroupBody = z.input<typeof alertGroupBodySchema>;

/** What a group call changed: the group, and how many of its alerts. */
export const alertGroupChangedSchema = z.object({
  ruleId: z.int(),
  countryCode: z.string().nullable(),
  region: z.string().nullable(),
  /** Alerts of the group changed (those that could take the action). */
  changed: countSchema,
});
/** See {@link alertGroupChangedSchema}. */
export type AlertGroupChanged = z.infer<typeof alertGroupChangedSchema>;

const hour = z.int().min(0).max(23);

/** A recurring maintenance window: days of the week and local hours [startHour, endHour) in an IANA time zone. */
export const recurringWindowSchema = z.strictObject({
  days: z.array(z.enum(WEEKDAYS)).min(1).max(7),
  startHour: hour,
  endHour: hour,
  timeZone: safeText(TEXT_MAX.name).refine(isTimeZone, 'not a known IANA time zone'),
});

/** What a silence matches: a rule, and/or serials, a saved view, families, services (all given must match). */
export const silenceMatcherSchema = z.strictObject({
  ruleId: recordIdSchema.optional(),
  serials: z.array(serialSchema).max(ALERT_SCOPE_SERIALS_MAX).optional(),
  viewId: recordIdSchema.optional(),
  families: z.array(familySchema).max(3).optional(),
  countries: z
    .array(safeText(2).regex(/^[A-Z]{2}$/, 'an ISO country code'))
    .max(300)
    .optional(),
  /** Regions of the one country `countries` names (an alert group's place). */
  regions: z.array(safeText(TEXT_MAX.name).trim().min(1)).max(100).optional(),
  services: z
    .array(z.enum(SERVICE_NAMES as [string, ...string[]]))
    .max(SERVICE_NAMES.length)
    .optional(),
});

/** Body of POST /create/silence/v1. Times are simulated-clock ISO times; the start defaults to now. */
export const createSilenceBodySchema = z
  .strictObject({
    matcher: silenceMatcherSchema,
    startsAt: timestampSchema.optional(),
    endsAt: timestampSchema,
    reason: safeText(TEXT_MAX.prose).trim().min(1),
    recurring: recurringWindowSchema.nullable().optional(),
  })
  .superRefine((s, ctx) => {
    if (s.startsAt && Date.parse(s.startsAt) >= Date.parse(s.endsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Must be after the start.' });
    if (s.matcher.regions?.length && s.matcher.countries?.length !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['matcher', 'regions'],
        message: 'Regions are places of one country: name that country alone in countries.',
      });
  });
/** See {@link createSilenceBodySchema}. */
export type CreateSilenceBody = z.input<typeof createSilenceBodySchema>;

/** Body of the silence form's preview: what the silence would match. */
export const silencePreviewBodySchema = z.strictObject({ matcher: silenceMatcherSchema });
/** See {@link silencePreviewBodySchema}. */
export type SilencePreviewBody = z.input<typeof silencePreviewBodySchema>;

/** What a silence would match among the alerts open now (firing, acknowledged or silenced), whatever its times. */
export const silencePreviewSchema = z.object({
  /** Open alerts it matches. */
  openAlerts: countSchema,
  /** Their rules, most alerts first (the first few). */
  rules: z.array(z.object({ ruleId: z.int(), ruleName: z.string(), count: countSchema })),
  /** The first few subjects (serials, services) it matches. */
  subjects: z.array(z.string()),
});
/** See {@link silencePreviewSchema}. */
export type SilencePreview = z.infer<typeof silencePreviewSchema>;

/** A silence or maintenance window. */
export const silenceSchema = z.object({
  id: recordIdSchema,
  matcher: z.object({
    ruleId: z.int().optional(),
    ruleName: z.string().optional(),
    serials: z.array(z.string()).optional(),
    viewId: z.int().optional(),
    viewName: z.string().optional(),
    families: z.array(z.string()).optional(),
    countries: z.array(z.string()).optional(),
    regions: z.array(z.string()).optional(),
    services: z.array(z.string()).optional(),
  }),
  startsAt: timestampSchema,
  endsAt: timestampSchema,
  reason: z.string(),
  recurring: z
    .object({ days: z.array(z.enum(WEEKDAYS)), startHour: z.int(), endHour: z.int(), timeZone: z.string() })
    .nullable(),
  createdBy: z.string(),
  createdAt: timestampSchema,
  /** 'active' (silencing now), 'scheduled' (starts later or outside its window now), 'expired'. */
  status: z.enum(['active', 'scheduled', 'expired']),
});
/** See {@link silenceSchema}. */
export type Silence = z.infer<typeof silenceSchema>;

/** Body of the calls that name one record. */
export const alertRecordIdBodySchema = z.strictObject({ id: recordIdSchema });

/** Why a webhook URL is refused, or null (see libs/domain's webhookTargetProblem). */
export function webhookUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Not a URL.';
  }
  return webhookTargetProblem({
    protocol: parsed.protocol,
    hostname: parsed.hostname,
    credentials: Boolean(parsed.username || parsed.password),
  });
}

/** Body of POST /create/webhook/v1. */
export const createWebhookBodySchema = z.strictObject({
  name: requiredText,
  url: safeText(TEXT_MAX.path)
    .trim()
    .superRefine((url, ctx) => {
      const problem = webhookUrlProblem(url);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

/** A webhook (its secret is answered once, by the create call). */
export const webhookSchema = z.object({
  id: recordIdSchema,
  name: z.string(),
  url: z.string(),
  createdBy: z.string(),
  createdAt: timestampSchema,
  /** The last delivery's outcome, if any. */
  lastDelivery: z.object({ state: z.string(), at: timestampSchema, status: z.int().nullable() }).nullable(),
});
/** See {@link webhookSchema}. */
export type Webhook = z.infer<typeof webhookSchema>;

/** The create call's answer: the webhook and its signing secret, shown this once. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string().min(32) });
/** See {@link createdWebhookSchema}. */
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

/** Delivery states: waiting for its next attempt, delivered (2xx), given up after 24 hours. */
export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/** One delivery of a webhook: one message, sent at least once with the same id. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  webhookId: z.int(),
  event: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: countSchema,
  /** The receiver's last HTTP status (null: no answer: refused, timed out). */
  lastStatus: z.int().nullable(),
  /** The start of the receiver's last answer, or why it did not answer. */
  lastResponse: z.string().nullable(),
  createdAt: timestampSchema,
  lastAttemptAt: timestampSchema.nullable(),
  nextAttemptAt: timestampSchema.nullable(),
  /** The message's title ("37 units offline in US aligners"). */
  title: z.string(),
});
/** See {@link webhookDeliverySchema}. */
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The user's own alert mail preferences (account menu). */
export const alertPreferencesSchema = z.object({
  /** Severities that reach the user by e-mail (empty: none). */
  emailSeverities: z.array(z.enum(ALERT_SEVERITIES)),
  /** E-mail is muted until then (real time); null: not muted. */
  mutedUntil: timestampSchema.nullable(),
});
/** See {@link alertPreferencesSchema}. */
export type AlertPreferences = z.infer<typeof alertPreferencesSchema>;

/** Body of POST /update/alert_preferences/v1: `muteMinutes` mutes e-mail for that long from now (0 unmutes). */
export const updateAlertPreferencesBodySchema = z.strictObject({
  emailSeverities: z.array(z.enum(ALERT_SEVERITIES)).max(ALERT_SEVERITIES.length).optional(),
  muteMinutes: z.int().min(0).max(ALERT_MINUTES_MAX).optional(),
});

const alerts = areaEndpoints('alerts');

export const readAlertRules = alerts.get('readAlertRules', '/read/alert_rules/v1/', {
  query: pagedListQuery({ filterName: filterQuery }),
  response: paged(alertRuleSchema),
  permission: PERMISSIONS.viewAlerts,
  summary: 'Lists alert rules by name, 10 per page.',
});

export const createAlertRule = alerts.post('createAlertRule', '/create/alert_rule/v1', {
  body: createAlertRuleBodySchema,
  response: alertRuleSchema,
  successStatus: [201],
  permission: PERMISSIONS.manageAlertRules,
  summary: 'Creates an alert rule; 400 with every problem of a bad rule.',
});

export const updateAlertRule = alerts.post('updateAlertRule', '/update/alert_rule/v1', {
  body: updateAlertRuleBodySchema,
  response: alertRuleSchema,
  permission: PERMISSIONS.manageAlertRules,
  summary:
    "Changes a rule's fields (enable or disable it with `enabled`); its open alerts follow the new rule.",
});

export const deleteAlertRule = alerts.post('deleteAlertRule', '/delete/alert_rule/v1', {
  body: alertRecordIdBodySchema,
  response: z.object({ deleted: z.literal(true) }),
  permission: PERMISSIONS.manageAlertRules,
  summary: 'Deletes a rule; its open alerts are resolved.',
});

export const previewAlertRule = alerts.post('previewAlertRule', '/read/alert_rule_preview/v1', {
  body: alertRuleFields,
  response: alertRulePreviewSchema,
  permission: PERMISSIONS.viewAlerts,
  summary: 'What a rule with these fields would fire now (nothing is stored).',
});

export const readAlerts = alerts.get('readAlerts', '/read/alerts/v1/', {
  query: alertsQuerySchema,
  response: paged(alertSchema),
  permission: PERMISSIONS.viewAlerts,
  summary:
    'Lists alerts, most recently changed first, 10 per page, by state, severity, rule, family, serial and place (country, region).',
});

export const readAlert = alerts.get('readAlert', '/read/alert/v1', {
  query: z.object({ id: idQuery }),
  response: alertDetailSchema,
  permission: PERMISSIONS.viewAlerts,
  summary: 'One alert with its state history.',
});

export const acknowledgeAlerts = alerts.post('acknowledgeAlerts', '/update/alert_acknowledged/v1', {
  body: acknowledgeAlertsBodySchema,
  response: z.object({ alerts: z.array(alertSchema) }),
  permission: PERMISSIONS.acknowledgeAlerts,
  summary:
    'Acknowledges alerts with one comment; 409 when one of them cannot be (resolved, or not firing yet) and none is changed.',
});

export const resolveAlerts = alerts.post('resolveAlerts', '/update/alert_resolved/v1', {
  body: resolveAlertsBodySchema,
  response: z.object({ alerts: z.array(alertSchema) }),
  permission: PERMISSIONS.acknowledgeAlerts,
  summary: 'Resolves open alerts by hand; 409 when one of them is already resolved and none is changed.',
});

export const readAlertGroups = alerts.get('readAlertGroups', '/read/alert_groups/v1/', {
  query: alertGroupsQuerySchema,
  response: paged(alertGroupSchema),
  permission: PERMISSIONS.viewAlerts,
  summary:
    "Open alerts grouped by rule and place (country, or region when it stands out), largest first, 10 per page, with the share of the place's units and what the drop says.",
});

export const acknowledgeAlertGroup = alerts.post(
  'acknowledgeAlertGroup',
  '/update/alert_group_acknowledged/v1',
  {
    body: alertGroupBodySchema,
    response: alertGroupChangedSchema,
    permission: PERMISSIONS.acknowledgeAlerts,
    summary:
      'Acknowledges every alert of a group that may be (firing or silenced) with one comment; 404 when the group has no open alert, 409 when none of them may be.',
  },
);

export const resolveAlertGroup = alerts.post('resolveAlertGroup', '/update/alert_group_resolved/v1', {
  body: alertGroupBodySchema,
  response: alertGroupChangedSchema,
  permission: PERMISSIONS.acknowledgeAlerts,
  summary:
    'Resolves every open alert of a group by hand with one comment; 404 when the group has no open alert.',
});

export const readAlertCounts = alerts.get('readAlertCounts', '/read/alert_counts/v1', {
  response: alertCountsSchema,
  permission: PERMISSIONS.viewAlerts,
  summary: "The bell's figures: firing alerts, unacknowledged ones, and open ones by severity.",
});

export const readSilences = alerts.get('readSilences', '/read/silences/v1/', {
  query: pagedListQuery({
    status: enumFilterQuery(['active', 'scheduled', 'expired']),
    /** One silence (an alert's history names the silence that held it): a page of it alone, or none. */
    id: z
      .union([idQuery, z.literal('')])
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
  }),
  response: paged(silenceSchema),
  permission: PERMISSIONS.viewAlerts,
  summary: 'Lists silences and maintenance windows, newest first, 10 per page.',
});

export const createSilence = alerts.post('createSilence', '/create/silence/v1', {
  body: createSilenceBodySchema,
  response: silenceSchema,
  successStatus: [201],
  permission: PERMISSIONS.manageSilences,
  summary:
    'Silences alerts that match, from a start to an end (optionally inside a recurring weekly window).',
});

export const previewSilence = alerts.post('previewSilence', '/read/silence_preview/v1', {
  body: silencePreviewBodySchema,
  response: silencePreviewSchema,
  permission: PERMISSIONS.manageSilences,
  summary: 'What a silence with this matcher would hold among the alerts open now (nothing is stored).',
});

export const deleteSilence = alerts.post('deleteSilence', '/delete/silence/v1', {
  body: alertRecordIdBodySchema,
  response: silenceSchema,
  permission: PERMISSIONS.manageSilences,
  summary: 'Expires a silence now; alerts it held that still fire notify then.',
});

export const readWebhooks = alerts.get('readWebhooks', '/read/webhooks/v1/', {
  response: z.array(webhookSchema),
  permission: PERMISSIONS.viewAlerts,
  summary: 'Lists the webhooks alert rules may notify.',
});

export const createWebhook = alerts.post('createWebhook', '/create/webhook/v1', {
  body: createWebhookBodySchema,
  response: createdWebhookSchema,
  successStatus: [201],
  permission: PERMISSIONS.manageAlertRules,
  summary:
    'Creates a webhook (http or https; never the link-local metadata range); answers its signing secret once.',
});

export const deleteWebhook = alerts.post('deleteWebhook', '/delete/webhook/v1', {
  body: alertRecordIdBodySchema,
  response: z.object({ deleted: z.literal(true) }),
  permission: PERMISSIONS.manageAlertRules,
  summary: 'Deletes a webhook; rules stop notifying it and its pending deliveries are dropped.',
});

export const testWebhook = alerts.post('testWebhook', '/create/webhook_test/v1', {
  body: alertRecordIdBodySchema,
  response: webhookDeliverySchema,
  successStatus: [201],
  permission: PERMISSIONS.manageAlertRules,
  summary:
    'Queues a signed `test` delivery to a webhook; answers the delivery (see the delivery log for its outcome).',
});

export const readWebhookDeliveries = alerts.get('readWebhookDeliveries', '/read/webhook_deliveries/v1/', {
  query: pagedListQuery({ webhookId: idQuery }),
  response: paged(webhookDeliverySchema),
  permission: PERMISSIONS.viewAlerts,
  summary: "A webhook's delivery log, newest first, 10 per page.",
});

export const readAlertPreferences = alerts.get('readAlertPreferences', '/read/alert_preferences/v1', {
  response: alertPreferencesSchema,
  permission: PERMISSIONS.viewAlerts,
  summary: "The signed-in user's alert e-mail preferences.",
});

export const updateAlertPreferences = alerts.post('updateAlertPreferences', '/update/alert_preferences/v1', {
  body: updateAlertPreferencesBodySchema,
  response: alertPreferencesSchema,
  permission: PERMISSIONS.viewAlerts,
  summary: 'Chooses which severities reach the signed-in user by e-mail, and mutes e-mail for a while.',
});

/** The calls of alerts: rules, alerts, silences, webhooks and the user's preferences. */
export const alertsEndpoints = {
  readAlertRules,
  createAlertRule,
  updateAlertRule,
  deleteAlertRule,
  previewAlertRule,
  readAlerts,
  readAlert,
  acknowledgeAlerts,
  resolveAlerts,
  readAlertGroups,
  acknowledgeAlertGroup,
  resolveAlertGroup,
  readAlertCounts,
  readSilences,
  createSilence,
  previewSilence,
  deleteSilence,
  readWebhooks,
  createWebhook,
  deleteWebhook,
  testWebhook,
  readWebhookDeliveries,
  readAlertPreferences,
  updateAlertPreferences,
} as const;

/** ALERT_UPDATED: alerts that changed (state, acknowledge, silence), as they are now. */
export const alertUpdatedPayloadSchema = z.object({ alerts: z.array(alertSchema) });
/** See {@link alertUpdatedPayloadSchema}. */
export type AlertUpdatedPayload = z.infer<typeof alertUpdatedPayloadSchema>;
