import { examplePairing } from '@equipment-dashboard/contract/testing';
import { describeSlice, json } from './testing/slice-harness';
import { pairingsApi } from './pairings.api';

const list = {
  arg: { page: 1, sortBy: 'vendor', sortDesc: true },
  query: { page: '1', sortBy: 'vendor', sortDesc: 'true' },
  respond: () => json({ docs: [examplePairing], totalDocs: 1 }),
};

describeSlice('pairings', pairingsApi.endpoints, {
  readActivePairings: list,
  readCompletedPairings: list,
  readAbortedPairings: list,
});
