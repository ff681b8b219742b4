import { pairingsEndpoints as p } from '@equipment-dashboard/contract';
import * as pairings from '../../services/pairings-service';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';

/** Vendor pairings with Tru-Point units (back-office §7.6): the Active, Completed and Aborted lists. */
export function mountPairings(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(p.readActivePairings, ({ query }) => pairings.listPairings(deps, 'active', query))
    .on(p.readCompletedPairings, ({ query }) => pairings.listPairings(deps, 'completed', query))
    .on(p.readAbortedPairings, ({ query }) => pairings.listPairings(deps, 'aborted', query));
}
