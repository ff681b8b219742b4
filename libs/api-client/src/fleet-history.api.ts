import {
  readFleetHistory,
  readFleetHistoryCsv,
  readReleaseAdoption,
  readReleaseAdoptionCsv,
  readReleaseComparison,
  readReleaseComparisonCsv,
} from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';

/**
 * Fleet Health: the fleet's history, release adoption and the comparison of two releases, cached by their query
 * (no write of the console changes history: nothing invalidates them; a screen reads a new range as time passes),
 * and their CSVs (mutations: each click downloads anew; each answers an object URL of the file).
 */
export const fleetHistoryApi = injectAreaEndpoints((call) => ({
  readFleetHistory: call.query(readFleetHistory),
  readReleaseAdoption: call.query(readReleaseAdoption),
  readReleaseComparison: call.query(readReleaseComparison),
  exportFleetHistoryCsv: call.queryMutation(readFleetHistoryCsv),
  exportReleaseAdoptionCsv: call.queryMutation(readReleaseAdoptionCsv),
  exportReleaseComparisonCsv: call.queryMutation(readReleaseComparisonCsv),
}));

export const {
  useReadFleetHistoryQuery,
  useReadReleaseAdoptionQuery,
  useReadReleaseComparisonQuery,
  useExportFleetHistoryCsvMutation,
  useExportReleaseAdoptionCsvMutation,
  useExportReleaseComparisonCsvMutation,
} = fleetHistoryApi;
