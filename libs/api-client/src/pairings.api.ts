import {
  type EndpointDef,
  type Paged,
  type Pairing,
  type QueryOf,
  readAbortedPairings,
  readActivePairings,
  readCompletedPairings,
} from '@equipment-dashboard/contract';
import { baseApi } from './base-api';
import { listTags, toRequest } from './request';

/** Vendor pairings with Tru-Point units (back-office §7.6). */
export const pairingsApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    const pairings = (def: EndpointDef) =>
      build.query<Paged<Pairing>, QueryOf<typeof readActivePairings>>({
        query: (query) => toRequest(def, { query }),
        providesTags: (result) => listTags('Pairing', result?.docs, (pairing) => pairing.id),
      });
    return {
      readActivePairings: pairings(readActivePairings),
      readCompletedPairings: pairings(readCompletedPairings),
      readAbortedPairings: pairings(readAbortedPairings),
    };
  },
});

export const { useReadActivePairingsQuery, useReadCompletedPairingsQuery, useReadAbortedPairingsQuery } =
  pairingsApi;
