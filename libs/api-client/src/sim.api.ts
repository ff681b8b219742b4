import { readClock, type Clock } from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';
import { toRequest } from './request';

/**
 * The simulated clock, for the roles that control the simulator: the console reads it where a time it proposes
 * must be on the simulated clock (a silence's default end). Not kept: the clock moves.
 */
export const simApi = injectAreaEndpoints((_call, build) => ({
  readClock: build.query<Clock, void>({ query: () => toRequest(readClock), keepUnusedDataFor: 0 }),
}));

export const { useReadClockQuery, useLazyReadClockQuery } = simApi;
