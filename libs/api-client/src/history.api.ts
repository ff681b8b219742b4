import { readAlignerHistory } from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';

/** A unit's timeline (the History tab of the unit detail dialog). */
export const historyApi = injectAreaEndpoints((call) => ({
  readAlignerHistory: call.query(readAlignerHistory, (_result, _error, { serialNumber }) => [
    { type: 'UnitHistory', id: serialNumber },
  ]),
}));

export const { useReadAlignerHistoryQuery } = historyApi;
