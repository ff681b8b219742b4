import type { AlertRule, CreateAlertRuleBody } from '@equipment-dashboard/contract';
import {
  ALERT_RULE_DEFAULTS,
  ALERT_RULE_KIND_FIELDS,
  type AlertRuleKind,
  type AlertScopeKind,
  type AlertSeverity,
  type Family,
} from '@equipment-dashboard/domain';

/** The equipment list's filters a rule's scope may carry. */
export interface RuleScopeFilters {
  filterCountryCode: string;
  filterSoftwareVersion: string;
  filterSerialNumber: string;
  filterFamily: Family | '';
}

/** The rule editor's fields as the form holds them (lists as typed text, empty numbers as null). */
export interface RuleForm {
  name: string;
  kind: AlertRuleKind;
  severity: AlertSeverity;
  scopeKind: AlertScopeKind;
  viewId: number | null;
  filters: RuleScopeFilters;
  serialsText: string;
  forMinutes: number | null;
  threshold: number | null;
  includeAlreadyOffline: boolean;
  emailsText: string;
  webhookIds: number[];
  remindEveryMinutes: number | null;
  escalateAfterMinutes: number | null;
  escalateEmailsText: string;
  escalateWebhookIds: number[];
  flappingDrops: number | null;
  flappingWindowMinutes: number | null;
  enabled: boolean;
}

/** A new rule's fields. */
export const EMPTY_RULE_FORM: RuleForm = {
  name: '',
  kind: 'unitOffline',
  severity: 'major',
  scopeKind: 'fleet',
  viewId: null,
  filters: { filterCountryCode: '', filterSoftwareVersion: '', filterSerialNumber: '', filterFamily: '' },
  serialsText: '',
  forMinutes: ALERT_RULE_DEFAULTS.forMinutes,
  threshold: null,
  includeAlreadyOffline: false,
  emailsText: '',
  webhookIds: [],
  remindEveryMinutes: null,
  escalateAfterMinutes: null,
  escalateEmailsText: '',
  escalateWebhookIds: [],
  flappingDrops: ALERT_RULE_DEFAULTS.flapDrops,
  flappingWindowMinutes: ALERT_RULE_DEFAULTS.flapWindowMinutes,
  enabled: true,
};

/** A typed list (one a line, or separated by commas or blanks) as its items. */
export function listItems(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The form after its kind changed: the fields the new kind does not take are reset, its threshold defaulted. */
export function withKind(form: RuleForm, kind: AlertRuleKind): RuleForm {
  const fields = ALERT_RULE_KIND_FIELDS[kind];
  const sameThreshold = fields.threshold?.unit === ALERT_RULE_KIND_FIELDS[form.kind].threshold?.unit;
  return {
    ...form,
    kind,
    threshold: sameThreshold ? form.threshold : (fields.threshold?.default ?? null),
    includeAlreadyOffline: fields.offlineOptions && form.includeAlreadyOffline,
    scopeKind: fields.scope ? form.scopeKind : 'fleet',
  };
}

function scopeOf(form: RuleForm): CreateAlertRuleBody['scope'] {
  if (!ALERT_RULE_KIND_FIELDS[form.kind].scope || form.scopeKind === 'fleet') return { kind: 'fleet' };
  if (form.scopeKind === 'view')
    return form.viewId === null ? { kind: 'view' } : { kind: 'view', viewId: form.viewId };
  if (form.scopeKind === 'serials') return { kind: 'serials', serials: listItems(form.serialsText) };
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(form.filters))
    if (value.trim() !== '') filters[key] = value.trim();
  return { kind: 'filters', filters };
}

/** The create call's body (and the preview's) for the form's fields: the fields the kind does not take left out. */
export function ruleBody(form: RuleForm): CreateAlertRuleBody {
  const fields = ALERT_RULE_KIND_FIELDS[form.kind];
  const escalating = form.escalateAfterMinutes !== null;
  const body: CreateAlertRuleBody = {
    name: form.name.trim(),
    kind: form.kind,
    severity: form.severity,
    scope: scopeOf(form),
    forMinutes: form.forMinutes ?? 0,
    threshold: fields.threshold ? form.threshold : null,
    includeAlreadyOffline: fields.offlineOptions && form.includeAlreadyOffline,
    channels: { email: listItems(form.emailsText), webhookIds: form.webhookIds },
    remindEveryMinutes: form.remindEveryMinutes,
    escalateAfterMinutes: form.escalateAfterMinutes,
    escalateTo: escalating
      ? { email: listItems(form.escalateEmailsText), webhookIds: form.escalateWebhookIds }
      : null,
    enabled: form.enabled,
  };
  if (fields.offlineOptions && form.flappingDrops !== null && form.flappingWindowMinutes !== null) {
    body.flapping = { drops: form.flappingDrops, windowMinutes: form.flappingWindowMinutes };
  }
  return body;
}

/** A stored rule's fields in the form (editing). */
export function ruleForm(rule: AlertRule): RuleForm {
  const filters = rule.scope.filters ?? {};
  return {
    name: rule.name,
    kind: rule.kind,
    severity: rule.severity,
    scopeKind: rule.scope.kind,
    viewId: rule.scope.viewId ?? null,
    filters: {
      filterCountryCode: filters['filterCountryCode'] ?? '',
      filterSoftwareVersion: filters['filterSoftwareVersion'] ?? '',
      filterSerialNumber: filters['filterSerialNumber'] ?? '',
      filterFamily: (filters['filterFamily'] ?? '') as Family | '',
    },
    serialsText: (rule.scope.serials ?? []).join('\n'),
    forMinutes: rule.forMinutes,
    threshold: rule.threshold,
    includeAlreadyOffline: rule.includeAlreadyOffline,
    emailsText: rule.channels.email.join('\n'),
    webhookIds: rule.channels.webhookIds,
    remindEveryMinutes: rule.remindEveryMinutes,
    escalateAfterMinutes: rule.escalateAfterMinutes,
    escalateEmailsText: (rule.escalateTo?.email ?? []).join('\n'),
    escalateWebhookIds: rule.escalateTo?.webhookIds ?? [],
    flappingDrops: rule.flapping.drops,
    flappingWindowMinutes: rule.flapping.windowMinutes,
    enabled: rule.enabled,
  };
}

/** The form fields a problem's path (`scope.viewId`, `channels.email.2`) belongs to. */
export type RuleField =
  | 'name'
  | 'kind'
  | 'severity'
  | 'scopeKind'
  | 'viewId'
  | 'filters'
  | 'serials'
  | 'forMinutes'
  | 'threshold'
  | 'includeAlreadyOffline'
  | 'emails'
  | 'webhookIds'
  | 'remindEveryMinutes'
  | 'escalateAfterMinutes'
  | 'escalateEmails'
  | 'escalateWebhookIds'
  | 'flapping'
  | 'enabled';

const FIELD_OF_PATH: readonly [RegExp, RuleField][] = [
  [/^name$/, 'name'],
  [/^kind$/, 'kind'],
  [/^severity$/, 'severity'],
  [/^scope\.viewId/, 'viewId'],
  [/^scope\.filters/, 'filters'],
  [/^scope\.serials/, 'serials'],
  [/^scope/, 'scopeKind'],
  [/^forMinutes$/, 'forMinutes'],
  [/^threshold$/, 'threshold'],
  [/^includeAlreadyOffline$/, 'includeAlreadyOffline'],
  [/^channels\.email/, 'emails'],
  [/^channels\.webhookIds/, 'webhookIds'],
  [/^channels/, 'emails'],
  [/^remindEveryMinutes$/, 'remindEveryMinutes'],
  [/^escalateAfterMinutes$/, 'escalateAfterMinutes'],
  [/^escalateTo\.webhookIds/, 'escalateWebhookIds'],
  [/^escalateTo/, 'escalateEmails'],
  [/^flapping/, 'flapping'],
  [/^enabled$/, 'enabled'],
];

/**
 * A 400's `details` (`[{ path, message }]`) on the form's fields: each field's messages, and those that name no
 * field of the form (shown above it).
 */
export function fieldProblems(details: unknown): {
  byField: Partial<Record<RuleField, string>>;
  other: string[];
} {
  const byField: Partial<Record<RuleField, string>> = {};
  const other: string[] = [];
  if (!Array.isArray(details)) return { byField, other };
  for (const entry of details as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { path, message } = entry as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') continue;
    const field =
      typeof path === 'string' ? FIELD_OF_PATH.find(([pattern]) => pattern.test(path))?.[1] : undefined;
    if (field === undefined) other.push(message);
    else byField[field] = byField[field] ? `${byField[field]} ${message}` : message;
  }
  return { byField, other };
}
