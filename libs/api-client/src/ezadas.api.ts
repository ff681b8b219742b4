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
  type QueryOf,
  resetEzFixture,
  type ResponseOf,
  updateEzTarget,
} from '@equipment-dashboard/contract';
import { baseApi } from './base-api';
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
export const ezadasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    ezGetFixtures: build.query<ResponseOf<typeof ezGetFixtures>, QueryOf<typeof ezGetFixtures>>({
      query: (query) => toRequest(ezGetFixtures, { query }),
      providesTags: (result) => listTags('Fixture', result?.docs, (fixture) => fixture.serialNumber),
    }),
    createEzFixture: build.mutation<CreateFixtureOutcome, BodyOf<typeof createEzFixture>>({
      query: (body) => toRequest(createEzFixture, { body }),
      transformResponse: (fixture: Fixture, meta) => ({ status: statusOf(meta), fixture }),
      invalidatesTags: [{ type: 'Fixture', id: 'LIST' }],
    }),
    resetEzFixture: build.mutation<ResetFixtureOutcome, BodyOf<typeof resetEzFixture>>({
      query: (body) => toRequest(resetEzFixture, { body }),
      transformResponse: (fixture: Fixture | null, meta) => ({ status: statusOf(meta), fixture }),
      invalidatesTags: (_result, _error, { serialNumber }) => [{ type: 'Fixture', id: serialNumber }],
    }),
    ezCreateSubscription: build.mutation<
      ResponseOf<typeof ezCreateSubscription>,
      BodyOf<typeof ezCreateSubscription>
    >({
      query: (body) => toRequest(ezCreateSubscription, { body }),
      invalidatesTags: (_result, _error, { serialNumber }) => [{ type: 'Fixture', id: serialNumber }],
    }),
    deleteEzFixture: build.mutation<ResponseOf<typeof deleteEzFixture>, BodyOf<typeof deleteEzFixture>>({
      query: (body) => toRequest(deleteEzFixture, { body }),
      invalidatesTags: (_result, _error, { serialNumber }) => [
        { type: 'Fixture', id: 'LIST' },
        { type: 'Fixture', id: serialNumber },
      ],
    }),
    ezGetTargets: build.query<ResponseOf<typeof ezGetTargets>, QueryOf<typeof ezGetTargets>>({
      query: (query) => toRequest(ezGetTargets, { query }),
      providesTags: (result) => listTags('Target', result?.docs, (target) => target.targetName),
    }),
    createEzTarget: build.mutation<ResponseOf<typeof createEzTarget>, BodyOf<typeof createEzTarget>>({
      query: (body) => toRequest(createEzTarget, { body }),
      invalidatesTags: [{ type: 'Target', id: 'LIST' }],
    }),
    updateEzTarget: build.mutation<ResponseOf<typeof updateEzTarget>, BodyOf<typeof updateEzTarget>>({
      query: (body) => toRequest(updateEzTarget, { body }),
      invalidatesTags: (_result, _error, { targetName }) => [{ type: 'Target', id: targetName }],
    }),
    deleteEzTarget: build.mutation<ResponseOf<typeof deleteEzTarget>, BodyOf<typeof deleteEzTarget>>({
      query: (body) => toRequest(deleteEzTarget, { body }),
      invalidatesTags: (_result, _error, { targetName }) => [
        { type: 'Target', id: 'LIST' },
        { type: 'Target', id: targetName },
      ],
    }),
  }),
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
