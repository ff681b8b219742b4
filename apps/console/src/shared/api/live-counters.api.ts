import { type ConnectionCounters } from '@equipment-dashboard/contract';
import { baseApi } from '@equipment-dashboard/api-client';

/**
 * The connection counters have no call: the live channel sets them (console-core §7 "Connection
 * counters are set from that channel"). This console-side cache entry holds the latest
 * CONNECTION_COUNTERS payload, null until the first one arrives, so that the counters live in RTK
 * Query's cache beside every other server value and events patch it with `updateQueryData`.
 */
export const liveCountersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    liveConnectionCounters: build.query<ConnectionCounters | null, void>({
      queryFn: () => ({ data: null }),
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useLiveConnectionCountersQuery } = liveCountersApi;
