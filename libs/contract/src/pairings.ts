import { z } from 'zod';
import { PERMISSIONS } from '@equipment-dashboard/domain';
import { areaEndpoints, pagedListQuery } from './define';
import { paged, timestampSchema } from './primitives';
import { enumFilterQuery, flagQuery } from './query';

// The pairing entities (back-office §3).

/** One calibration of a pairing; `reportMessage` is null when there is none (shown as 'None'). */
export const pairingCalibrationSchema = z.object({
  name: z.string(),
  state: z.string(),
  passed: z.boolean(),
  reportMessage: z.string().nullable(),
});

/**
 * A vendor pairing with a Tru-Point unit (back-office §3). The spec lists no key; the stored record
 * has a string `id`. `reason` is set on aborted pairings only, null otherwise.
 */
export const pairingSchema = z.object({
  id: z.string().min(1),
  vendor: z.string(),
  vendorKey: z.string(),
  alignmentId: z.string(),
  truPointSerialNumber: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  reason: z.string().nullable(),
  calibrations: z.array(pairingCalibrationSchema),
});
/** See {@link pairingSchema}. */
export type Pairing = z.infer<typeof pairingSchema>;

/** The sortable columns of the pairing tables (back-office §2.9); unsorted lists are newest first. */
export const PAIRING_SORT_FIELDS = ['vendor', 'truPointSerialNumber', 'createdAt'] as const;

/** Query of the three pairing lists: page, sortBy, sortDesc. */
export const pairingsQuerySchema = pagedListQuery({
  sortBy: enumFilterQuery(PAIRING_SORT_FIELDS),
  sortDesc: flagQuery,
});

const pairings = areaEndpoints('pairings');

function pairingList(name: string, path: string, state: string) {
  return pairings.get(name, path, {
    query: pairingsQuerySchema,
    response: paged(pairingSchema),
    permission: PERMISSIONS.viewPairings,
    summary: `Lists ${state} vendor pairings with Tru-Point units and their calibrations, 10 per page.`,
  });
}

export const readActivePairings = pairingList('readActivePairings', '/read/active_pairings/v1/', 'active');
export const readCompletedPairings = pairingList(
  'readCompletedPairings',
  '/read/completed_pairings/v1/',
  'completed',
);
export const readAbortedPairings = pairingList(
  'readAbortedPairings',
  '/read/aborted_pairings/v1/',
  'aborted',
);

/** The pairing calls of back-office §7.6. */
export const pairingsEndpoints = { readActivePairings, readCompletedPairings, readAbortedPairings } as const;
