import { aiEndpoints as a } from '@equipment-dashboard/contract';
import * as ai from '../../services/ai-service';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';

/** AIKnow (back-office §7.6): the assistant's statistics and its chat sessions. */
export function mountAi(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(a.readStatistics, () => ai.aiStatistics(deps))
    .on(a.readChatSessions, ({ query }) => ai.listChatSessions(deps, query.page));
}
