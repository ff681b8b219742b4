import {
  PAGE_SIZE,
  silenceActive,
  type RecurringWindow,
  type RuleProblem,
  type Weekday,
} from '@equipment-dashboard/domain';
import type { createSilenceBodySchema, Silence } from '@equipment-dashboard/contract';
import type { z } from 'zod';
import type { AuthUser } from '../auth/auth-user';
import { ConflictError, NotFoundError } from '../core/errors';
import { findRule } from '../store/repos/alert-rules-repo';
import { recordAudit } from '../store/repos/audit-log-repo';
import * as repo from '../store/repos/silences-repo';
import { inTransaction } from '../store/transaction';
import { equipmentView, refuseProblems, storedSerials } from './alert-rules-service';
import type { ServiceDeps } from './service-deps';

type CreateInput = z.output<typeof createSilenceBodySchema>;
type SilenceStatus = Silence['status'];

/**
 * A silence's matcher as stored: what the body named, with the rule's and the view's names for display, and the
 * equipment filters the view held when the silence was made (`viewFilters`, used when the view is deleted since).
 */
export interface StoredMatcher {
  ruleId?: number;
  ruleName?: string;
  serials?: string[];
  viewId?: number;
  viewName?: string;
  viewFilters?: Record<string, string>;
  families?: string[];
  countries?: string[];
  /** Regions of the one country named (an alert group's place). */
  regions?: string[];
  services?: string[];
}

const MATCHER_FIELDS = [
  'ruleId',
  'serials',
  'viewId',
  'families',
  'countries',
  'regions',
  'services',
] as const;

/** Where a silence stands at `now` (simulated): silencing now, not yet (or outside its window), or over. */
export function silenceStatus(
  row: Pick<repo.SilenceRow, 'startsAt' | 'endsAt' | 'recurring'>,
  now: number,
): SilenceStatus {
  if (now >= row.endsAt.getTime()) return 'expired';
  const recurring = row.recurring as RecurringWindow | null;
  return silenceActive({ startsAt: row.startsAt.getTime(), endsAt: row.endsAt.getTime(), recurring }, now)
    ? 'active'
    : 'scheduled';
}

/** A silence row as the calls answer it, with its status at `now`. */
export function silenceOf(row: repo.SilenceRow, now: number): Silence {
  const stored = row.matcher as StoredMatcher;
  const matcher: Silence['matcher'] = {};
  for (const key of [
    'ruleId',
    'ruleName',
    'serials',
    'viewId',
    'viewName',
    'families',
    'countries',
    'regions',
    'services',
  ] as const) {
    if (stored[key] !== undefined) Object.assign(matcher, { [key]: stored[key] });
  }
  const recurring = row.recurring as {
    days: Weekday[];
    startHour: number;
    endHour: number;
    timeZone: string;
  } | null;
  return {
    id: row.id,
    matcher,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    reason: row.reason,
    recurring: recurring
      ? {
          days: recurring.days,
          startHour: recurring.startHour,
          endHour: recurring.endHour,
          timeZone: recurring.timeZone,
        }
      : null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    status: silenceStatus(row, now),
  };
}

/**
 * Silences newest first, each with its status at the simulated now, or the one `id` names. Active and scheduled
 * ones are told apart by their recurring windows, so those two filters page the silences that have not ended (few)
 * here.
 */
export async function listSilences(
  deps: ServiceDeps,
  query: { page: number; status?: SilenceStatus; id?: number },
): Promise<{ docs: Silence[]; totalDocs: number }> {
  const now = deps.clock.now();
  if (query.id !== undefined) {
    const row = await repo.findSilence(deps.db, query.id);
    const silence = row ? silenceOf(row, now) : null;
    const docs = silence && (!query.status || silence.status === query.status) ? [silence] : [];
    return { docs: query.page === 1 ? docs : [], totalDocs: docs.length };
  }
  if (query.status === 'active' || query.status === 'scheduled') {
    const rows = (await repo.unendedSilences(deps.db, new Date(now))).filter(
      (row) => silenceStatus(row, now) === query.status,
    );
    const start = (query.page - 1) * PAGE_SIZE;
    return {
      docs: rows.slice(start, start + PAGE_SIZE).map((row) => silenceOf(row, now)),
      totalDocs: rows.length,
    };
  }
  const { docs, totalDocs } = await repo.listSilences(deps.db, {
    page: query.page,
    endedBy: query.status === 'expired' ? new Date(now) : undefined,
  });
  return { docs: docs.map((row) => silenceOf(row, now)), totalDocs };
}

/**
 * Creates a silence (times on the simulated clock; the start defaults to now). It must name something to match
 * (an empty matcher would silence every alert), end after its start and in the future; a rule must exist, a saved
 * view be one of the equipment list the user may apply: 400 with every problem. Stored with its audit entry.
 */
export async function createSilence(deps: ServiceDeps, user: AuthUser, input: CreateInput): Promise<Silence> {
  const now = deps.clock.nowDate();
  const startsAt = input.startsAt ? new Date(input.startsAt) : now;
  const endsAt = new Date(input.endsAt);
  const problems: RuleProblem[] = [];
  if (endsAt.getTime() <= startsAt.getTime())
    problems.push({ path: 'endsAt', message: 'Must be after the start.' });
  else if (endsAt.getTime() <= now.getTime())
    problems.push({
      path: 'endsAt',
      message: 'Must be in the future: a silence that has ended silences nothing.',
    });
  const given = input.matcher;
  const named = MATCHER_FIELDS.filter((key) => {
    const value = given[key];
    return Array.isArray(value) ? value.length > 0 : value !== undefined;
  });
  if (named.length === 0)
    problems.push({
      path: 'matcher',
      message:
        'Name what the silence matches: a rule, serials, a saved view, families, countries or services.',
    });
  const matcher: StoredMatcher = {};
  for (const key of named) Object.assign(matcher, { [key]: given[key] });
  if (matcher.serials) matcher.serials = storedSerials(matcher.serials);
  const [rule, viewed] = await Promise.all([
    given.ruleId === undefined ? undefined : findRule(deps.db, given.ruleId),
    given.viewId === undefined ? undefined : equipmentView(deps, user, given.viewId, 'matcher.viewId'),
  ]);
  if (given.ruleId !== undefined) {
    if (rule) matcher.ruleName = rule.name;
    else problems.push({ path: 'matcher.ruleId', message: `No alert rule ${given.ruleId}.` });
  }
  if (viewed?.problem) problems.push(viewed.problem);
  if (viewed?.view) Object.assign(matcher, { viewName: viewed.view.name, viewFilters: viewed.view.filters });
  refuseProblems(problems, 'The silence is not valid');

  const row = await inTransaction(deps.db, async (tx) => {
    const created = await repo.insertSilence(tx, {
      matcher: matcher as Record<string, unknown>,
      startsAt,
      endsAt,
      reason: input.reason,
      recurring: input.recurring ?? null,
      createdBy: user.username,
      createdAt: now,
    });
    await recordAudit(tx, [
      {
        username: user.username,
        action: 'silence.create',
        serialNumber: matcher.serials?.length === 1 ? matcher.serials[0] : null,
        detail: {
          silenceId: created.id,
          reason: created.reason,
          startsAt: startsAt.toISOString(),
          endsAt: endsAt.toISOString(),
          matcher: silenceOf(created, now.getTime()).matcher,
        },
        at: now,
      },
    ]);
    return created;
  });
  deps.logger.info({ silence: row.id, by: user.username }, 'silence created');
  return silenceOf(row, now.getTime());
}

/** Expires a silence now (404 when there is none, 409 when it has already ended), with its audit entry. */
export async function expireSilence(deps: ServiceDeps, user: AuthUser, id: number): Promise<Silence> {
  const now = deps.clock.nowDate();
  const row = await inTransaction(deps.db, async (tx) => {
    const found = await repo.findSilence(tx, id);
    if (!found) throw new NotFoundError(`No silence ${id}.`, { id });
    const expired = await repo.expireSilence(tx, id, now);
    if (!expired)
      throw new ConflictError(
        `Silence ${id} has already ended (${found.endsAt.toISOString()}).`,
        { id, endsAt: found.endsAt.toISOString() },
        'silence_expired',
      );
    await recordAudit(tx, [
      {
        username: user.username,
        action: 'silence.expire',
        detail: { silenceId: id, reason: found.reason },
        at: now,
      },
    ]);
    return expired;
  });
  deps.logger.info({ silence: id, by: user.username }, 'silence expired');
  return silenceOf(row, now.getTime());
}
