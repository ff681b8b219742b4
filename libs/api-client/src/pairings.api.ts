import {
  type Paged,
  type Pairing,
  readAbortedPairings,
  readActivePairings,
  readCompletedPairings,
} from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';
import { listTags } from './request';

/** Vendor pairings with Tru-Point units (back-office §7.6). */
export const pairingsApi = injectAreaEndpoints((call) => {
  const pairingTags = (result: Paged<Pairing> | undefined) =>
    listTags('Pairing', result?.docs, (pairing) => pairing.id);
  return {
    readActivePairings: call.query(readActivePairings, pairingTags),
    readCompletedPairings: call.query(readCompletedPairings, pairingTags),
    readAbortedPairings: call.query(readAbortedPairings, pairingTags),
  };
});

export const { useReadActivePairingsQuery, useReadCompletedPairingsQuery, useReadAbortedPairingsQuery } =
  pairingsApi;
