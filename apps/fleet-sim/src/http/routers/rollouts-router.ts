import { rolloutsEndpoints as r } from '@equipment-dashboard/contract';
import { withStatus } from '../../core/status-result';
import * as rollouts from '../../services/rollouts-service';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';

/** Phased rollouts: create, list, read, the versions a rollout may take, pause, resume, abort. */
export function mountRollouts(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(r.createRollout, async ({ body, user }) =>
      withStatus(201, await rollouts.createRollout(deps, user, body)),
    )
    .on(r.readRollouts, ({ query }) => rollouts.listRollouts(deps, query))
    .on(r.readRollout, ({ query }) => rollouts.readRollout(deps, query.id))
    .on(r.readRolloutVersions, ({ query }) => rollouts.rolloutVersions(deps, query.family))
    .on(r.pauseRollout, ({ body, user }) => rollouts.changeRolloutState(deps, user, body.id, 'pause'))
    .on(r.resumeRollout, ({ body, user }) => rollouts.changeRolloutState(deps, user, body.id, 'resume'))
    .on(r.abortRollout, ({ body, user }) => rollouts.changeRolloutState(deps, user, body.id, 'abort'));
}
