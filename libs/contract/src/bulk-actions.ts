import { z } from 'zod';
import { BULK_ACTION_KINDS, PERMISSIONS, type BulkActionKind } from '@equipment-dashboard/domain';
import { areaEndpoints } from './define';
import { readAlignersQuerySchema } from './equipment';
import { countSchema, recordIdSchema, timestampSchema } from './primitives';
import { idQuery, requiredText } from './query';

// The actions and who may run them are rules of libs/domain; the contract validates against the same list.
export { BULK_ACTION_KINDS, type BulkActionKind };

/** How many serials a `{ serials }` selection may name (rows picked one by one or a page); more is a 400. */
export const BULK_SERIALS_MAX = 1000;

/** The equipment list's filters (its query without page and sort): "all N units matching the filters". */
export const bulkSelectionQuerySchema = readAlignersQuerySchema
  .omit({ page: true, sortBy: true, sortDesc: true })
  .strict();
/** See {@link bulkSelectionQuerySchema}. */
export type BulkSelectionQuery = z.input<typeof bulkSelectionQuerySchema>;

/** The units a job runs on: serials picked on screen, or every unit the list's filters match at creation. */
export const bulkSelectionSchema = z.union([
  z.strictObject({ serials: z.array(requiredText).min(1).max(BULK_SERIALS_MAX) }),
  z.strictObject({ query: bulkSelectionQuerySchema }),
]);

/** Body of POST /create/bulk_action/v1. */
export const createBulkActionBodySchema = z.strictObject({
  action: z.enum(BULK_ACTION_KINDS),
  selection: bulkSelectionSchema,
});
/** See {@link createBulkActionBodySchema}. */
export type CreateBulkActionBody = z.input<typeof createBulkActionBodySchema>;

/** 'running' until every unit had its turn, then 'done'. */
export const BULK_ACTION_STATES = ['running', 'done', 'failed'] as const;

/** A unit that was skipped (a rule of its action said no) or failed (the action could not be carried out). */
export const bulkUnitOutcomeSchema = z.object({
  serialNumber: z.string().min(1),
  outcome: z.enum(['skipped', 'failed']),
  reason: z.string().min(1),
});
/** See {@link bulkUnitOutcomeSchema}. */
export type BulkUnitOutcome = z.infer<typeof bulkUnitOutcomeSchema>;

/** How many units were skipped or failed for one reason. */
export const bulkReasonCountSchema = z.object({
  outcome: z.enum(['skipped', 'failed']),
  reason: z.string().min(1),
  count: countSchema,
});
/** See {@link bulkReasonCountSchema}. */
export type BulkReasonCount = z.infer<typeof bulkReasonCountSchema>;

/** A job's progress: what the live event carries and the GET answers besides the units. */
export const bulkActionProgressSchema = z.object({
  id: recordIdSchema,
  action: z.enum(BULK_ACTION_KINDS),
  state: z.enum(BULK_ACTION_STATES),
  total: countSchema,
  done: countSchema,
  skipped: countSchema,
  failed: countSchema,
  /** Skipped and failed units counted by reason, most frequent first. */
  reasons: z.array(bulkReasonCountSchema),
  createdBy: z.string().min(1),
  createdAt: timestampSchema,
  finishedAt: timestampSchema.nullable(),
});
/** See {@link bulkActionProgressSchema}. */
export type BulkActionProgress = z.infer<typeof bulkActionProgressSchema>;

/** A bulk job as the server keeps it: its progress, how the selection was made, and the first skipped or failed units. */
export const bulkActionSchema = bulkActionProgressSchema.extend({
  /** 'serials' (rows or a page) or 'query' (every unit the filters matched at creation, with those filters). */
  selection: z.object({
    kind: z.enum(['serials', 'query']),
    query: z.record(z.string(), z.unknown()).optional(),
  }),
  /** The first few hundred skipped or failed units with their reasons. */
  units: z.array(bulkUnitOutcomeSchema),
});
/** See {@link bulkActionSchema}. */
export type BulkAction = z.infer<typeof bulkActionSchema>;

const bulk = areaEndpoints('bulkActions');

export const createBulkAction = bulk.post('createBulkAction', '/create/bulk_action/v1', {
  body: createBulkActionBodySchema,
  response: bulkActionSchema,
  permission: PERMISSIONS.bulkActions,
  summary:
    'Starts a bulk action over the selected units as one job: answers it (running, with its total) once stored; it runs in the background.',
});

export const readBulkAction = bulk.get('readBulkAction', '/read/bulk_action/v1', {
  query: z.object({ id: idQuery }),
  response: bulkActionSchema,
  permission: PERMISSIONS.bulkActions,
  summary: "Reads a bulk job: its state, counts and the skipped or failed units' reasons (404 when unknown).",
});

/** Bulk actions on the equipment list: start a job, read it. */
export const bulkActionsEndpoints = { createBulkAction, readBulkAction } as const;
