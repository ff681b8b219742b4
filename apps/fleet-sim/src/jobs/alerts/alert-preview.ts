import { setImmediate as turn } from 'node:timers/promises';
import type { AlertRulePreview, createAlertRuleBodySchema } from '@equipment-dashboard/contract';
import { offlineCounts } from '@equipment-dashboard/domain';
import type { z } from 'zod';
import type { AuthUser } from '../../auth/auth-user';
import { columnsOf, equipmentView, refuseProblems } from '../../services/alert-rules-service';
import { resolveAlertScope, type StoredAlertScope } from '../../services/alert-scope';
import type { ServiceDeps } from '../../services/service-deps';
import { escalatedOpenTickets, pausedRollouts } from '../../store/repos/alert-sources-repo';
import type { UnitFacts } from '../../read-models/unit-index';
import { ruleStateOf, type RuleState } from './alert-book';
import { connectedShare, shareBelow } from './connected-share';
import { rolloutHolding } from './rollout-paused';
import { servicesDown } from './service-down';
import { ticketHolding } from './tickets-unanswered';

type RuleFields = z.output<typeof createAlertRuleBodySchema>;

/** Subjects a preview names at most. */
const PREVIEW_SUBJECTS = 10;
/** Units visited between turns of the event loop while a preview looks for offline units to name. */
const PREVIEW_SLICE = 20_000;

/** The scope a rule with these fields would have (a saved view as the rules service takes it: 400 otherwise). */
async function scopeOf(deps: ServiceDeps, user: AuthUser, fields: RuleFields): Promise<StoredAlertScope> {
  const scope = fields.scope;
  if (scope.kind !== 'view') return scope as StoredAlertScope;
  const { view, problem } = await equipmentView(deps, user, scope.viewId ?? 0, 'scope.viewId');
  refuseProblems(problem ? [problem] : [], 'The rule is not valid');
  return { kind: 'filters', filters: view?.filters ?? {} };
}

/** The rule the fields describe, created now (its open alerts empty). */
async function ruleOf(deps: ServiceDeps, user: AuthUser, fields: RuleFields, now: Date): Promise<RuleState> {
  const scope = await scopeOf(deps, user, fields);
  return ruleStateOf(
    { ...columnsOf(fields, scope), id: 0, createdAt: now, updatedAt: now },
    await resolveAlertScope(deps.db, scope),
  );
}

/** unitOffline: the scope's offline units, of which all are already offline for a rule made now. */
async function previewOffline(deps: ServiceDeps, rule: RuleState): Promise<AlertRulePreview> {
  const { index } = deps.readModels;
  const { total, connected } = rule.scope.counts(index);
  const offline = total - connected;
  const subjects: string[] = [];
  // Only a rule that takes units already offline fires for them: name a few (a walk that stops once it has them).
  if (rule.includeAlreadyOffline && offline > 0) {
    const visit = (unit: UnitFacts) => {
      if (
        subjects.length < PREVIEW_SUBJECTS &&
        rule.scope.has(unit) &&
        offlineCounts(unit.lastSeenOnlineAt ?? 0, rule.createdAt, true)
      )
        subjects.push(unit.serialNumber);
    };
    for (let at = 0; at >= 0 && subjects.length < PREVIEW_SUBJECTS;) {
      at = index.visitUnits(at, PREVIEW_SLICE, visit, true);
      await turn();
    }
  }
  return {
    wouldFire: rule.includeAlreadyOffline ? offline : 0,
    alreadyOffline: offline,
    inScope: total,
    subjects,
  };
}

/**
 * What a rule with these fields would fire now, by the evaluator's own conditions (nothing is stored): the subjects
 * whose condition holds now (firing at once, or after the pending period), the units of its scope, and for a unit
 * offline rule the units already offline (they fire only with includeAlreadyOffline). A rule about failed updates
 * fires on failures to come, so it would fire nothing now.
 */
export async function previewAlertRule(
  deps: ServiceDeps,
  user: AuthUser,
  fields: RuleFields,
): Promise<AlertRulePreview> {
  const now = deps.clock.now();
  const rule = await ruleOf(deps, user, fields, new Date(now));
  const some = (subjects: string[]): AlertRulePreview => ({
    wouldFire: subjects.length,
    alreadyOffline: 0,
    inScope: 0,
    subjects: subjects.slice(0, PREVIEW_SUBJECTS),
  });
  switch (rule.kind) {
    case 'unitOffline':
      return previewOffline(deps, rule);
    case 'connectedShare': {
      const share = connectedShare(rule, deps.readModels);
      const below = shareBelow(rule, share);
      return {
        wouldFire: below ? 1 : 0,
        alreadyOffline: 0,
        inScope: share.total,
        subjects: below ? [`${share.percent}% connected`] : [],
      };
    }
    case 'updateFailed':
      return {
        wouldFire: 0,
        alreadyOffline: 0,
        inScope: rule.scope.counts(deps.readModels.index).total,
        subjects: [],
      };
    case 'serviceDown':
      return some(servicesDown({ world: deps.world, now }));
    case 'rolloutPaused':
      return some((await pausedRollouts(deps.db)).flatMap((r) => (rolloutHolding(r) ? [String(r.id)] : [])));
    case 'ticketsUnanswered':
      return some(
        (await escalatedOpenTickets(deps.db)).flatMap((t) =>
          ticketHolding(rule, t, now) ? [String(t.id)] : [],
        ),
      );
  }
}
