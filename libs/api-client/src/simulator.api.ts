import {
  applyScenario,
  previewScenario,
  readClock,
  readScenarios,
  setClock,
  validateScenario,
} from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';

const CLOCK = { type: 'Simulator', id: 'CLOCK' } as const;

/**
 * The Simulator screen (issue 42): the clock (read again when it moves here, after an apply, or when another console
 * moved it: SIMULATOR_CHANGED invalidates it), the scenario library, a scenario's preview, its apply, and the
 * validation of a scenario's text. A preview and a validation are mutations: each asks anew, nothing is kept.
 */
export const simulatorApi = injectAreaEndpoints((call) => ({
  readSimulatorClock: call.query(readClock, [CLOCK]),
  changeSimulatorClock: call.mutation(setClock, [CLOCK]),
  readScenarioLibrary: call.query(readScenarios),
  previewScenario: call.mutation(previewScenario),
  applyScenario: call.mutation(applyScenario, [CLOCK]),
  validateScenario: call.mutation(validateScenario),
}));

export const {
  useReadSimulatorClockQuery,
  useChangeSimulatorClockMutation,
  useReadScenarioLibraryQuery,
  usePreviewScenarioMutation,
  useApplyScenarioMutation,
  useValidateScenarioMutation,
} = simulatorApi;
