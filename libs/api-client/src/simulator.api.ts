import {
  applyScenario,
  cancelScenarioRun,
  previewScenario,
  readScenarioRuns,
  readClock,
  readScenarios,
  setClock,
  validateScenario,
} from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';

const CLOCK = { type: 'Simulator', id: 'CLOCK' } as const;
const RUNS = { type: 'Simulator', id: 'RUNS' } as const;
/** Invalidated by scenario-files.api.ts when a scenario is saved or deleted. */
const LIBRARY = { type: 'Simulator', id: 'LIBRARY' } as const;

/**
 * The Simulator screen: the clock (read again when it moves here, after an apply, or when another console
 * moved it: SIMULATOR_CHANGED invalidates it), the scenario library, a scenario's preview, its apply, the
 * validation of a scenario's text, and the timeline of applied scenarios with the cancel of a run's later steps. A preview and a validation are mutations: each asks anew, nothing is kept.
 */
export const simulatorApi = injectAreaEndpoints((call) => ({
  readSimulatorClock: call.query(readClock, [CLOCK]),
  // The timeline's steps are pending or played by the clock: a move of it reads the timeline again.
  changeSimulatorClock: call.mutation(setClock, [CLOCK, RUNS]),
  readScenarioLibrary: call.query(readScenarios, [LIBRARY]),
  previewScenario: call.mutation(previewScenario),
  applyScenario: call.mutation(applyScenario, [CLOCK, RUNS]),
  validateScenario: call.mutation(validateScenario),
  readScenarioRuns: call.query(readScenarioRuns, [RUNS]),
  cancelScenarioRun: call.mutation(cancelScenarioRun, [RUNS]),
}));

export const {
  useReadSimulatorClockQuery,
  useChangeSimulatorClockMutation,
  useReadScenarioLibraryQuery,
  usePreviewScenarioMutation,
  useApplyScenarioMutation,
  useValidateScenarioMutation,
  useReadScenarioRunsQuery,
  useCancelScenarioRunMutation,
} = simulatorApi;
