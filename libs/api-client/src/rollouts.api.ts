import {
  abortRollout,
  createRollout,
  pauseRollout,
  readRollout,
  readRolloutVersions,
  readRollouts,
  resumeRollout,
} from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';
import { listTags, type Tag } from './request';

/** What a change of one rollout makes stale: the rollout and the list. */
const changed = (
  result: { id: number } | undefined,
  _error: unknown,
  body: { id?: number } | undefined,
): Tag[] => [
  { type: 'Rollout', id: 'LIST' },
  { type: 'Rollout', id: result?.id ?? body?.id ?? 'LIST' },
];

/**
 * Phased rollouts. The driver's progress arrives by the live channel (ROLLOUT_UPDATED invalidates the
 * rollout's tags), so nothing polls.
 */
export const rolloutsApi = injectAreaEndpoints((call) => ({
  readRollouts: call.query(readRollouts, (result) =>
    listTags('Rollout', result?.docs, (rollout) => rollout.id),
  ),
  readRollout: call.query(readRollout, (result) => (result ? [{ type: 'Rollout', id: result.id }] : [])),
  // Read again each time the New rollout dialog opens (see there), so a version published since is offered.
  readRolloutVersions: call.query(readRolloutVersions),
  createRollout: call.mutation(createRollout, [{ type: 'Rollout', id: 'LIST' }]),
  pauseRollout: call.mutation(pauseRollout, changed),
  resumeRollout: call.mutation(resumeRollout, changed),
  abortRollout: call.mutation(abortRollout, changed),
}));

export const {
  useReadRolloutsQuery,
  useReadRolloutQuery,
  useReadRolloutVersionsQuery,
  useCreateRolloutMutation,
  usePauseRolloutMutation,
  useResumeRolloutMutation,
  useAbortRolloutMutation,
} = rolloutsApi;
