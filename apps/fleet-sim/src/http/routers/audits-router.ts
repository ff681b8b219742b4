import { auditsEndpoints as a } from '@equipment-dashboard/contract';
import { readAudits } from '../../services/audits-service';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';

/** The audit trail behind the Audits screen (admin: the audits permission). */
export function mountAudits(api: ApiRouter, deps: ServiceDeps): void {
  api.on(a.readAudits, ({ query }) => readAudits(deps, query));
}
