import { historyEndpoints as h } from '@equipment-dashboard/contract';
import { readUnitHistory } from '../../services/history-service';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';

/** A unit's timeline: the History tab of the unit detail dialog, for every role. */
export function mountHistory(api: ApiRouter, deps: ServiceDeps): void {
  api.on(h.readAlignerHistory, ({ query }) => readUnitHistory(deps, query));
}
