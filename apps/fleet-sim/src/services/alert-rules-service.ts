import {
  createAlertRuleBodySchema,
  type AlertRule,
  type AlertScope,
  type CreateAlertRuleBody,
  type updateAlertRuleBodySchema,
} from '@equipment-dashboard/contract';
import {
  ALERT_RULE_DEFAULTS,
  type AlertRuleKind,
  type AlertSeverity,
  type RuleProblem,
} from '@equipment-dashboard/domain';
import type { z } from 'zod';
import type { AuthUser } from '../auth/auth-user';
import { NotFoundError, ValidationError } from '../core/errors';
import { zodDetails } from '../core/zod-details';
import * as repo from '../store/repos/alert-rules-repo';
import {
  ALERT_WRITE_BATCH,
  lockAlerts,
  openAlertIdsOfRule,
  recordAlertChanges,
  writeAlerts,
  type AlertChange,
} from '../store/repos/alerts-repo';
import { recordAudit } from '../store/repos/audit-log-repo';
import { existingWebhookIds } from '../store/repos/webhooks-repo';
import type { Db } from '../store/database';
import { inTransaction } from '../store/transaction';
import { announceAlerts } from './alerts-service';
import { equipmentFiltersOf, type StoredAlertScope } from './alert-scope';
import { resolveSavedView } from './saved-views-service';
import type { ServiceDeps } from './service-deps';

type CreateInput = z.output<typeof createAlertRuleBodySchema>;
type UpdateInput = z.output<typeof updateAlertRuleBodySchema>;
type ScopeInput = CreateInput['scope'];
type Channels = CreateInput['channels'];

/**
 * A rule's scope as stored: a saved view keeps its name, and the equipment filters it held when the rule was saved
 * (the scope falls back on them when the view is deleted).
 */
type StoredScope = StoredAlertScope;

/** Answers 400 with every problem found, when there is one. */
export function refuseProblems(problems: readonly RuleProblem[], what: string): void {
  if (problems.length === 0) return;
  throw new ValidationError(`${what}: ${problems.map((p) => p.message).join(' ')}`, problems);
}

/**
 * A saved view of the equipment list that `user` may apply, or the problem at `path` (400, not 404: the view is a
 * field of the body, and another user's private view is told apart from a missing one by nobody).
 */
export async function equipmentView(
  deps: Pick<ServiceDeps, 'db'>,
  user: Pick<AuthUser, 'username'>,
  viewId: number,
  path: string,
): Promise<{ view?: { id: number; name: string; filters: Record<string, string> }; problem?: RuleProblem }> {
  try {
    const view = await resolveSavedView(deps, user, viewId);
    if (view.screen !== 'equipment')
      return {
        problem: {
          path,
          message: `Saved view ${view.name} is a view of another list, not of the equipment list.`,
        },
      };
    return { view: { id: view.id, name: view.name, filters: equipmentFiltersOf(view.query) } };
  } catch (error) {
    if (error instanceof NotFoundError) return { problem: { path, message: `No saved view ${viewId}.` } };
    throw error;
  }
}

/** Serials as stored: upper case, each once. */
export const storedSerials = (serials: readonly string[]): string[] => [
  ...new Set(serials.map((s) => s.trim().toUpperCase())),
];

/** The scope to store, or its problems. */
async function storedScopeOf(
  deps: ServiceDeps,
  user: AuthUser,
  scope: ScopeInput,
): Promise<{ scope: StoredScope; problems: RuleProblem[] }> {
  switch (scope.kind) {
    case 'view': {
      const { view, problem } = await equipmentView(deps, user, scope.viewId ?? 0, 'scope.viewId');
      if (!view) return { scope: { kind: 'view' }, problems: problem ? [problem] : [] };
      return {
        scope: { kind: 'view', viewId: view.id, viewName: view.name, filters: view.filters },
        problems: [],
      };
    }
    case 'filters':
      return { scope: { kind: 'filters', filters: equipmentFiltersOf(scope.filters ?? {}) }, problems: [] };
    case 'serials':
      return { scope: { kind: 'serials', serials: storedSerials(scope.serials ?? []) }, problems: [] };
    default:
      return { scope: { kind: 'fleet' }, problems: [] };
  }
}

/** Problems of webhook ids that name no webhook. */
async function webhookProblems(
  deps: ServiceDeps,
  channels: Channels,
  escalateTo: Channels | null | undefined,
): Promise<RuleProblem[]> {
  const named = [...channels.webhookIds, ...(escalateTo?.webhookIds ?? [])];
  const existing = await existingWebhookIds(deps.db, [...new Set(named)]);
  const problems: RuleProblem[] = [];
  const check = (ids: readonly number[], path: string) => {
    const missing = ids.filter((id) => !existing.has(id));
    if (missing.length > 0) problems.push({ path, message: `No webhook ${missing.join(', ')}.` });
  };
  check(channels.webhookIds, 'channels.webhookIds');
  if (escalateTo) check(escalateTo.webhookIds, 'escalateTo.webhookIds');
  return problems;
}

const channelsOf = (channels: Channels): { email: string[]; webhookIds: number[] } => ({
  email: [...new Set(channels.email)],
  webhookIds: [...new Set(channels.webhookIds)],
});

/** A rule row as the calls answer it. */
export function ruleOf(row: repo.AlertRuleRow): AlertRule {
  const scope = row.scope as unknown as StoredScope;
  const shown: AlertScope = { kind: scope.kind };
  if (scope.viewId !== undefined) Object.assign(shown, { viewId: scope.viewId, viewName: scope.viewName });
  if (scope.filters) shown.filters = scope.filters;
  if (scope.serials) shown.serials = scope.serials;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as AlertRuleKind,
    severity: row.severity as AlertSeverity,
    scope: shown,
    forMinutes: row.forMinutes,
    threshold: row.threshold,
    includeAlreadyOffline: row.includeAlreadyOffline,
    channels: row.channels,
    remindEveryMinutes: row.remindEveryMinutes,
    escalateAfterMinutes: row.escalateAfterMinutes,
    escalateTo: row.escalateTo,
    flapping: row.flapping,
    enabled: row.enabled,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The rule's columns from checked fields (scope resolved): as stored, and as the preview evaluates them. */
export function columnsOf(
  input: CreateInput,
  scope: StoredScope,
): Omit<repo.AlertRuleRow, 'id' | 'createdBy' | 'createdAt' | 'updatedAt'> {
  return {
    name: input.name,
    kind: input.kind,
    severity: input.severity,
    scope: scope as unknown as Record<string, unknown>,
    forMinutes: input.forMinutes,
    threshold: input.threshold ?? null,
    includeAlreadyOffline: input.includeAlreadyOffline,
    channels: channelsOf(input.channels),
    remindEveryMinutes: input.remindEveryMinutes ?? null,
    escalateAfterMinutes: input.escalateAfterMinutes ?? null,
    escalateTo: input.escalateTo ? channelsOf(input.escalateTo) : null,
    flapping: input.flapping ?? {
      drops: ALERT_RULE_DEFAULTS.flapDrops,
      windowMinutes: ALERT_RULE_DEFAULTS.flapWindowMinutes,
    },
    enabled: input.enabled,
  };
}

/** A stored rule as the create call's body would name it (a saved view by its id). */
function bodyOf(row: repo.AlertRuleRow): CreateAlertRuleBody {
  const { id: _id, createdBy: _by, createdAt: _created, updatedAt: _updated, scope, ...fields } = ruleOf(row);
  const bodyScope: CreateAlertRuleBody['scope'] =
    scope.kind === 'view'
      ? { kind: 'view', viewId: scope.viewId }
      : scope.kind === 'filters'
        ? { kind: 'filters', filters: scope.filters ?? {} }
        : scope.kind === 'serials'
          ? { kind: 'serials', serials: scope.serials ?? [] }
          : { kind: 'fleet' };
  return { ...fields, scope: bodyScope };
}

/**
 * Resolves a rule's open alerts by hand in the transaction of the rule's change (it is deleted or disabled: nothing
 * would clear them any more), a batch at a time: each with its state history and its unit's timeline entry, as an
 * alert resolved by hand. No notification: the rule, and so its channels, is what the user switched off. Answers the
 * ids of the alerts it resolved.
 */
async function resolveAlertsOfRule(
  tx: Db,
  ruleId: number,
  by: string,
  comment: string,
  at: Date,
): Promise<number[]> {
  const ids = await openAlertIdsOfRule(tx, ruleId);
  const resolved: number[] = [];
  for (let i = 0; i < ids.length; i += ALERT_WRITE_BATCH) {
    const rows = await lockAlerts(tx, ids.slice(i, i + ALERT_WRITE_BATCH));
    const changes: AlertChange[] = rows
      .filter((before) => before.state !== 'resolved')
      .map((before) => ({
        before,
        after: { ...before, state: 'resolved', resolvedAt: at, resolvedBy: by, updatedAt: at },
        by,
        comment,
      }));
    await writeAlerts(
      tx,
      changes.map((c) => c.after),
    );
    await recordAlertChanges(tx, changes);
    resolved.push(...changes.map((c) => c.after.id));
  }
  return resolved;
}

/** Rules by name, a page at a time. */
export async function listAlertRules(
  deps: ServiceDeps,
  query: { page: number; filterName?: string },
): Promise<{ docs: AlertRule[]; totalDocs: number }> {
  const { docs, totalDocs } = await repo.listRules(deps.db, query);
  return { docs: docs.map(ruleOf), totalDocs };
}

async function requireRule(deps: ServiceDeps, id: number): Promise<repo.AlertRuleRow> {
  const row = await repo.findRule(deps.db, id);
  if (!row) throw new NotFoundError(`No alert rule ${id}.`, { id });
  return row;
}

/**
 * Creates a rule: its scope's saved view must be one of the equipment list the user may apply, its webhooks must
 * exist (400 with every problem). Its creation time is the simulated clock's: units offline before it do not fire
 * without includeAlreadyOffline. Stored with its audit entry in one transaction.
 */
export async function createAlertRule(
  deps: ServiceDeps,
  user: AuthUser,
  input: CreateInput,
): Promise<AlertRule> {
  const [{ scope, problems }, webhooks] = await Promise.all([
    storedScopeOf(deps, user, input.scope),
    webhookProblems(deps, input.channels, input.escalateTo),
  ]);
  refuseProblems([...problems, ...webhooks], 'The rule is not valid');
  const now = deps.clock.nowDate();
  const row = await inTransaction(deps.db, async (tx) => {
    const created = await repo.insertRule(tx, {
      ...columnsOf(input, scope),
      createdBy: user.username,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, [
      {
        username: user.username,
        action: 'alertRule.create',
        detail: { ruleId: created.id, name: created.name, kind: created.kind, severity: created.severity },
        at: now,
      },
    ]);
    return created;
  });
  deps.logger.info({ rule: row.id, kind: row.kind, by: user.username }, 'alert rule created');
  return ruleOf(row);
}

/**
 * Changes a rule: the given fields are merged into the stored rule and the result is checked as a new rule would
 * be (400 with every problem). Disabling a rule resolves its open alerts (nothing would clear them any more).
 */
export async function updateAlertRule(
  deps: ServiceDeps,
  user: AuthUser,
  input: UpdateInput,
): Promise<AlertRule> {
  const { id, ...given } = input;
  const current = await requireRule(deps, id);
  const changes = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  const merged = createAlertRuleBodySchema.safeParse({ ...bodyOf(current), ...changes });
  if (!merged.success) throw new ValidationError('The rule is not valid.', zodDetails(merged.error));
  const rule = merged.data;
  const [resolved, webhooks] = await Promise.all([
    given.scope
      ? storedScopeOf(deps, user, rule.scope)
      : { scope: current.scope as unknown as StoredScope, problems: [] },
    webhookProblems(deps, rule.channels, rule.escalateTo),
  ]);
  refuseProblems([...resolved.problems, ...webhooks], 'The rule is not valid');
  const now = deps.clock.nowDate();
  const disabled = current.enabled && !rule.enabled;
  const { row, resolvedIds } = await inTransaction(deps.db, async (tx) => {
    const changed = await repo.updateRule(tx, id, { ...columnsOf(rule, resolved.scope), updatedAt: now });
    if (!changed) throw new NotFoundError(`No alert rule ${id}.`, { id });
    const ids = disabled
      ? await resolveAlertsOfRule(tx, id, user.username, `Rule ${changed.name} disabled.`, now)
      : [];
    await recordAudit(tx, [
      {
        username: user.username,
        action: 'alertRule.update',
        detail: { ruleId: id, name: changed.name, changed: Object.keys(changes), resolvedAlerts: ids.length },
        at: now,
      },
    ]);
    return { row: changed, resolvedIds: ids };
  });
  deps.logger.info({ rule: id, changed: Object.keys(changes), by: user.username }, 'alert rule changed');
  if (resolvedIds.length > 0) announceAlerts(deps, resolvedIds);
  return ruleOf(row);
}

/** Deletes a rule and resolves its open alerts (by the user, each with its history entry) in one transaction. */
export async function deleteAlertRule(
  deps: ServiceDeps,
  user: AuthUser,
  id: number,
): Promise<{ deleted: true }> {
  const now = deps.clock.nowDate();
  const resolvedIds = await inTransaction(deps.db, async (tx) => {
    const row = await repo.findRule(tx, id);
    if (!row) throw new NotFoundError(`No alert rule ${id}.`, { id });
    const ids = await resolveAlertsOfRule(tx, id, user.username, `Rule ${row.name} deleted.`, now);
    await repo.deleteRule(tx, id);
    await recordAudit(tx, [
      {
        username: user.username,
        action: 'alertRule.delete',
        detail: { ruleId: id, name: row.name, resolvedAlerts: ids.length },
        at: now,
      },
    ]);
    return ids;
  });
  deps.logger.info({ rule: id, resolved: resolvedIds.length, by: user.username }, 'alert rule deleted');
  if (resolvedIds.length > 0) announceAlerts(deps, resolvedIds);
  return { deleted: true };
}
