import { createBulkAction, readBulkAction } from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';

/**
 * Bulk actions on the equipment list: start a job, read it. Its progress arrives by the live
 * channel (BULK_ACTION_UPDATED patches the cached read), so nothing polls.
 */
export const bulkActionsApi = injectAreaEndpoints((call) => ({
  createBulkAction: call.mutation(createBulkAction),
  readBulkAction: call.query(readBulkAction),
}));

export const { useCreateBulkActionMutation, useReadBulkActionQuery } = bulkActionsApi;
