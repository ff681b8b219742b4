import {
  captureScenario,
  deleteScenario,
  downloadScenario,
  readScenarioText,
  saveScenario,
} from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';
import { toRequest } from './request';

/** The scenario library's list (simulator.api.ts provides it): a save or a delete reads it again. */
const LIBRARY = { type: 'Simulator', id: 'LIBRARY' } as const;

/**
 * Scenario files: "Capture as scenario" (the YAML of units as they are now), and the scenarios saved in DATA_DIR:
 * save, read a library scenario's text into the editor, download it, delete a saved one. A capture, a read and a
 * download are mutations: each asks anew, nothing is kept (the download answers an object URL the caller revokes).
 */
export const scenarioFilesApi = injectAreaEndpoints((call, build) => ({
  captureScenario: call.mutation(captureScenario),
  saveScenario: call.mutation(saveScenario, [LIBRARY]),
  readScenarioText: call.queryMutation(readScenarioText),
  downloadScenario: build.mutation<string, { name: string }>({
    query: (query) => toRequest(downloadScenario, { query }),
  }),
  deleteScenario: call.mutation(deleteScenario, [LIBRARY]),
}));

export const {
  useCaptureScenarioMutation,
  useSaveScenarioMutation,
  useReadScenarioTextMutation,
  useDownloadScenarioMutation,
  useDeleteScenarioMutation,
} = scenarioFilesApi;
