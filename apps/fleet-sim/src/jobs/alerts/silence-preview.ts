import type { SilencePreview, silencePreviewBodySchema } from '@equipment-dashboard/contract';
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthUser } from '../../auth/auth-user';
import { equipmentView, refuseProblems } from '../../services/alert-rules-service';
import { equipmentFiltersOf } from '../../services/alert-scope';
import type { ServiceDeps } from '../../services/service-deps';
import { equipmentMatcher } from '../../read-models/unit-index';
import { alerts } from '../../store/schema';

type Matcher = z.output<typeof silencePreviewBodySchema>['matcher'];

/** Rules and subjects a preview names at most. */
const PREVIEW_RULES = 5;
const PREVIEW_SUBJECTS = 10;
/** The states of an alert a new silence may hold (a pending one is held when it fires). */
const OPEN_STATES = ['firing', 'acknowledged', 'silenced'];

/**
 * What a silence with this matcher would hold among the alerts open now (its times aside: the form says how its
 * length and window combine): every key given must match, as the evaluator's silenceMatches; a saved view matches the
 * units its filters hold now, and must be one the user may apply (400 otherwise, as creating the silence).
 */
export async function previewSilence(
  deps: ServiceDeps,
  user: AuthUser,
  matcher: Matcher,
): Promise<SilencePreview> {
  let inView: ((serialNumber: string | null) => boolean) | null = null;
  if (matcher.viewId !== undefined) {
    const { view, problem } = await equipmentView(deps, user, matcher.viewId, 'matcher.viewId');
    refuseProblems(problem ? [problem] : [], 'The silence is not valid');
    const test = equipmentMatcher(equipmentFiltersOf(view?.filters ?? {}));
    const index = deps.readModels.index;
    inView = (serial) => {
      const unit = serial ? index.unitFacts(serial) : undefined;
      return unit !== undefined && test(unit);
    };
  }
  const where: SQL[] = [inArray(alerts.state, OPEN_STATES)];
  if (matcher.ruleId !== undefined) where.push(sql`${alerts.ruleId} = ${matcher.ruleId}`);
  if (matcher.serials?.length)
    where.push(
      inArray(
        alerts.serialNumber,
        matcher.serials.map((s) => s.toUpperCase()),
      ),
    );
  if (matcher.families?.length) where.push(inArray(alerts.family, matcher.families));
  if (matcher.countries?.length) where.push(inArray(alerts.countryCode, matcher.countries));
  if (matcher.regions?.length)
    where.push(
      inArray(
        sql`lower(${alerts.region})`,
        matcher.regions.map((r) => r.toLowerCase()),
      ),
    );
  if (matcher.services?.length) where.push(inArray(sql`${alerts.subject}->>'service'`, matcher.services));
  const rows = await deps.db
    .select({
      ruleId: alerts.ruleId,
      ruleName: alerts.ruleName,
      serialNumber: alerts.serialNumber,
      service: sql<string | null>`${alerts.subject}->>'service'`,
    })
    .from(alerts)
    .where(and(...where))
    .orderBy(alerts.id);
  const held = inView ? rows.filter((r) => inView(r.serialNumber)) : rows;
  const byRule = new Map<number, { ruleId: number; ruleName: string; count: number }>();
  for (const r of held) {
    const rule = byRule.get(r.ruleId) ?? { ruleId: r.ruleId, ruleName: r.ruleName, count: 0 };
    rule.count += 1;
    byRule.set(r.ruleId, rule);
  }
  return {
    openAlerts: held.length,
    rules: [...byRule.values()].sort((a, b) => b.count - a.count).slice(0, PREVIEW_RULES),
    subjects: held
      .map((r) => r.serialNumber ?? r.service)
      .filter((s): s is string => s !== null)
      .slice(0, PREVIEW_SUBJECTS),
  };
}
