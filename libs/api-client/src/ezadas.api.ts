import {
  type BodyOf,
  createEzFixture,
  createEzTarget,
  deleteEzFixture,
  deleteEzTarget,
  ezCreateSubscription,
  ezGetFixtures,
  ezGetTargets,
  type Fixture,
  resetEzFixture,
  updateEzTarget,
} from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';
import { listTags, statusOf, toRequest } from './request';

/**
 * The outcome of creating a fixture: the console's message depends on the status (back-office §8):
 * 200 already exists, 201 was created.
 */
export interface CreateFixtureOutcome {
  status: number;
  fixture: Fixture;
}

/** The outcome of resetting a fixture: 200 reset (with the fixture), 204 it had no activations. */
export interface ResetFixtureOutcome {
  status: number;
  fixture: Fixture | null;
}

/** EZ ADAS fixtures and targets (back-office §7.5). Failure statuses (404 ...) come as the error. */
export const ezadasApi = injectAreaEndpoints((call, build) => {
  const fixtureTags = (_result: unknown, _error: unknown, { serialNumber }: { serialNumber: string }) => [
    { type: 'Fixture' as const, id: serialNumber },
  ];
  return {
    ezGetFixtures: call.query(ezGetFixtures, (result) =>
      listTags('Fixture', result?.docs, (fixture) => fixture.serialNumber),
    ),
    createEzFixture: build.mutation<CreateFixtureOutcome, BodyOf<typeof createEzFixture>>({
      query: (body) => toRequest(createEzFixture, { body }),
      transformResponse: (fixture: Fixture, meta) => ({ status: statusOf(meta), fixture }),
      invalidatesTags: [{ type: 'Fixture', id: 'LIST' }],
    }),
    resetEzFixture: build.mutation<ResetFixtureOutcome, BodyOf<typeof resetEzFixture>>({
      query: (body) => toRequest(resetEzFixture, { body }),
      transformResponse: (fixture: Fixture | null, meta) => ({ status: statusOf(meta), fixture }),
      invalidatesTags: fixtureTags,
    }),
    ezCreateSubscription: call.mutation(ezCreateSubscription, fixtureTags),
    deleteEzFixture: call.mutation(deleteEzFixture, (_result, _error, { serialNumber }) => [
      { type: 'Fixture', id: 'LIST' },
      { type: 'Fixture', id: serialNumber },
    ]),
    ezGetTargets: call.query(ezGetTargets, (result) =>
      listTags('Target', result?.docs, (target) => target.targetName),
    ),
    createEzTarget: call.mutation(createEzTarget, [{ type: 'Target', id: 'LIST' }]),
    updateEzTarget: call.mutation(updateEzTarget, (_result, _error, { targetName }) => [
      { type: 'Target', id: targetName },
    ]),
    deleteEzTarget: call.mutation(deleteEzTarget, (_result, _error, { targetName }) => [
      { type: 'Target', id: 'LIST' },
      { type: 'Target', id: targetName },
    ]),
  };
});

export const {
  useEzGetFixturesQuery,
  useCreateEzFixtureMutation,
  useResetEzFixtureMutation,
  useEzCreateSubscriptionMutation,
  useDeleteEzFixtureMutation,
  useEzGetTargetsQuery,
  useCreateEzTargetMutation,
  useUpdateEzTargetMutation,
  useDeleteEzTargetMutation,
} = ezadasApi;
