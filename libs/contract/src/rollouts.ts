import { z } from 'zod';
import {
  PERMISSIONS,
  ROLLOUT_DEFAULTS,
  ROLLOUT_STATES,
  ROLLOUT_UNIT_STATES,
  phasesProblem,
} from '@equipment-dashboard/domain';
import { areaEndpoints, pagedListQuery } from './define';
import {
  countSchema,
  familySchema,
  paged,
  recordIdSchema,
  timestampSchema,
  versionSchema,
} from './primitives';
import { filterQuery, idQuery, requiredText } from './query';
import { safeText, TEXT_MAX } from './text';
import { versionRecordSchema } from './updates';

/** A rollout's units counted by state (pending, downloading, installing, done, failed, skipped). */
export const rolloutCountsSchema = z.object(
  Object.fromEntries(ROLLOUT_UNIT_STATES.map((state) => [state, countSchema])) as Record<
    (typeof ROLLOUT_UNIT_STATES)[number],
    typeof countSchema
  >,
);
/** See {@link rolloutCountsSchema}. */
export type RolloutCountsBody = z.infer<typeof rolloutCountsSchema>;

/** The most CSV text a rollout's target may carry (the largest document a request carries: about 4,000 serials). */
export const ROLLOUT_CSV_MAX = TEXT_MAX.document;

/** The equipment list's filters a rollout can target (its URL's query without page and sort). */
export const rolloutFiltersSchema = z.strictObject({
  filterSerialNumber: filterQuery,
  filterCountryCode: filterQuery,
  filterSoftwareVersion: filterQuery,
  filterFamily: filterQuery,
});

/**
 * A rollout's target as created: a saved view of the equipment list (`viewId`), the equipment list's filters
 * (`filters`), or the text of an uploaded CSV file of serials (`csv`: the first column; a header row is skipped).
 * One object with the kind's field required (a discriminated union would name only the first branch's problems).
 */
export const rolloutTargetBodySchema = z
  .strictObject({
    kind: z.enum(['view', 'filters', 'csv']),
    viewId: recordIdSchema.optional(),
    filters: rolloutFiltersSchema.optional(),
    csv: safeText(ROLLOUT_CSV_MAX).optional(),
    fileName: safeText(TEXT_MAX.name).optional(),
  })
  .superRefine((t, ctx) => {
    if (t.kind === 'view' && t.viewId === undefined)
      ctx.addIssue({ code: 'custom', path: ['viewId'], message: 'Required' });
    if (t.kind === 'filters' && t.filters === undefined)
      ctx.addIssue({ code: 'custom', path: ['filters'], message: 'Required' });
    if (t.kind === 'csv' && !t.csv?.trim())
      ctx.addIssue({ code: 'custom', path: ['csv'], message: 'Required' });
  });

const hour = z.int().min(0).max(23);

/** Body of POST /create/rollout/v1. Phases, thresholds and the window default as `ROLLOUT_DEFAULTS` of libs/domain. */
export const createRolloutBodySchema = z.strictObject({
  name: requiredText,
  family: familySchema,
  /** A published version of the family (its updates), by semantic version. */
  version: requiredText,
  target: rolloutTargetBodySchema,
  /** Cumulative percentages of the target: increasing, the last 100. */
  phases: z
    .array(z.number().gt(0).max(100))
    .default([...ROLLOUT_DEFAULTS.phases])
    .superRefine((phases, ctx) => {
      const problem = phasesProblem(phases);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /** The share (0-1) of failed or timed-out units of a phase above which the rollout pauses. */
  failureThreshold: z.number().min(0).max(1).default(ROLLOUT_DEFAULTS.failureThreshold),
  /** The share (0-1) of done or skipped units of a phase that starts the next one. */
  successThreshold: z.number().gt(0).max(1).default(ROLLOUT_DEFAULTS.successThreshold),
  /** Hours of the unit's local day [startHour, endHour) when it may start updating; null: any time. */
  window: z.strictObject({ startHour: hour, endHour: hour }).nullable().default(null),
});
/** See {@link createRolloutBodySchema}. */
export type CreateRolloutBody = z.input<typeof createRolloutBodySchema>;

/** One phase of a rollout: its cumulative percentage, its units, and their counts by state. */
export const rolloutPhaseSchema = z.object({
  percent: z.number(),
  total: countSchema,
  counts: rolloutCountsSchema,
});
/** See {@link rolloutPhaseSchema}. */
export type RolloutPhase = z.infer<typeof rolloutPhaseSchema>;

/** How a rollout's target was chosen (for display). */
export const rolloutTargetSchema = z.object({
  kind: z.enum(['view', 'filters', 'csv']),
  viewId: z.int().optional(),
  viewName: z.string().optional(),
  filters: z.record(z.string(), z.string()).optional(),
  fileName: z.string().optional(),
  /** Serials of the target that are not units of the rollout's family (or not units at all). */
  excluded: countSchema.optional(),
});

/** A rollout as the list and the detail show it. */
export const rolloutSchema = z.object({
  id: recordIdSchema,
  name: z.string().min(1),
  family: familySchema,
  version: versionSchema,
  path: z.string(),
  target: rolloutTargetSchema,
  phases: z.array(rolloutPhaseSchema),
  failureThreshold: z.number(),
  successThreshold: z.number(),
  window: z.object({ startHour: z.int(), endHour: z.int() }).nullable(),
  state: z.enum(ROLLOUT_STATES),
  /** The phase under way (0-based). */
  currentPhase: z.int().min(0),
  /** Why it paused (by itself: the threshold crossed; by staff: who paused it). */
  pauseReason: z.string().nullable(),
  totalUnits: countSchema,
  createdBy: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
/** See {@link rolloutSchema}. */
export type Rollout = z.infer<typeof rolloutSchema>;

/** A failed unit of a rollout, with the unit's last updater state. */
export const rolloutFailedUnitSchema = z.object({
  serialNumber: z.string().min(1),
  phase: z.int().min(0),
  reason: z.string().nullable(),
  lastState: z.string().nullable(),
  updatedAt: timestampSchema,
});
/** See {@link rolloutFailedUnitSchema}. */
export type RolloutFailedUnit = z.infer<typeof rolloutFailedUnitSchema>;

/** The most failed units the detail lists (the counts hold them all). */
export const ROLLOUT_FAILED_LIST_MAX = 1000;

/** One rollout with its failed units (at most {@link ROLLOUT_FAILED_LIST_MAX}) and skipped reasons counted. */
export const rolloutDetailSchema = rolloutSchema.extend({
  failedUnits: z.array(rolloutFailedUnitSchema),
  skippedReasons: z.array(z.object({ reason: z.string(), count: countSchema })),
});
/** See {@link rolloutDetailSchema}. */
export type RolloutDetail = z.infer<typeof rolloutDetailSchema>;

/** Body of the pause, resume and abort calls. */
export const rolloutIdBodySchema = z.strictObject({ id: recordIdSchema });

const rollouts = areaEndpoints('rollouts');

export const createRollout = rollouts.post('createRollout', '/create/rollout/v1', {
  body: createRolloutBodySchema,
  response: rolloutSchema,
  successStatus: [201],
  permission: PERMISSIONS.manageRollouts,
  summary:
    'Creates a phased rollout of a published version to a target; its units and their phases are fixed now.',
});

export const readRollouts = rollouts.get('readRollouts', '/read/rollouts/v1/', {
  query: pagedListQuery({ filterName: filterQuery }),
  response: paged(rolloutSchema),
  permission: PERMISSIONS.viewRollouts,
  summary: 'Lists rollouts, newest first, 10 per page, with counts per phase.',
});

export const readRollout = rollouts.get('readRollout', '/read/rollout/v1', {
  query: z.object({ id: idQuery }),
  response: rolloutDetailSchema,
  permission: PERMISSIONS.viewRollouts,
  summary: 'One rollout: its phases with counts by state and its failed units.',
});

export const readRolloutVersions = rollouts.get('readRolloutVersions', '/read/rollout_versions/v1', {
  query: z.object({ family: familySchema }),
  response: z.array(versionRecordSchema),
  permission: PERMISSIONS.manageRollouts,
  summary: "A family's published software updates, newest version first: the versions a rollout may take.",
});

function transition(name: string, path: string, summary: string) {
  return rollouts.post(name, path, {
    body: rolloutIdBodySchema,
    response: rolloutSchema,
    permission: PERMISSIONS.manageRollouts,
    summary: `${summary} 409 when the rollout's state does not allow it.`,
  });
}

export const pauseRollout = transition(
  'pauseRollout',
  '/update/rollout_paused/v1',
  'Pauses a running rollout.',
);
export const resumeRollout = transition(
  'resumeRollout',
  '/update/rollout_resumed/v1',
  'Resumes a paused rollout.',
);
export const abortRollout = transition(
  'abortRollout',
  '/update/rollout_aborted/v1',
  'Aborts a running or paused rollout: units not downloading yet are unstaged.',
);

/** The calls of the Rollouts screen: create, list, read, pause, resume, abort. */
export const rolloutsEndpoints = {
  createRollout,
  readRollouts,
  readRollout,
  readRolloutVersions,
  pauseRollout,
  resumeRollout,
  abortRollout,
} as const;
