import { bulkActionsEndpoints as b } from '@equipment-dashboard/contract';
import * as bulk from '../../services/bulk-actions-service';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';

/** Bulk actions on the equipment list: a job over a selection of units, and its progress. */
export function mountBulkActions(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(b.createBulkAction, ({ body, user }) => bulk.createBulkAction(deps, user, body))
    .on(b.readBulkAction, ({ query, user }) => bulk.readBulkAction(deps, user, query.id));
}
