import { z } from 'zod';
import { PERMISSIONS } from '@equipment-dashboard/domain';
import { areaEndpoints, pagedListQuery } from './define';
import { paged, recordIdSchema } from './primitives';
import { applyScenarioBodySchema } from './sim';
import { safeText, TEXT_MAX } from './text';

/*
 * The Simulator screen's calls: a scenario's preview, the validation of a scenario's text, the timeline of
 * applied scenarios and the cancel of a run's later steps. Like the
 * simulator's first calls (sim.ts), for the roles that control the simulator (admin, engineer).
 */

const simulator = areaEndpoints('simulator');

/** When a part of a scenario plays: null at once, else its step's `at` as the scenario says it ('20m'). */
const atSchema = z.string().nullable();

/** One unit selection of a scenario and what it picks now. */
export const previewSelectionSchema = z.object({
  at: atSchema,
  /** The selection as the scenario writes it (family, version, country, count ...). */
  selection: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
  /** Units that match it now (counted from the lists' index: a second behind the simulators at most). */
  matching: z.int().min(0).nullable(),
  /** Units it would change now (its count or fraction of the matches). */
  picked: z.int().min(0).nullable(),
});
/** See {@link previewSelectionSchema}. */
export type PreviewSelection = z.infer<typeof previewSelectionSchema>;

/** What applying a scenario would do, read without changing anything. */
export const scenarioPreviewSchema = z.object({
  name: z.string(),
  description: z.string(),
  selections: z.array(previewSelectionSchema),
  servicesDown: z.array(z.object({ service: z.string(), at: atSchema })),
  releases: z.array(z.object({ family: z.string(), version: z.string(), at: atSchema })),
  /** The later steps, by when they play after the apply. */
  steps: z.array(z.object({ at: z.string() })),
  /** How far the apply moves the clock at its end ('1h'), if it does. */
  clockAdvance: z.string().nullable(),
});
/** See {@link scenarioPreviewSchema}. */
export type ScenarioPreview = z.infer<typeof scenarioPreviewSchema>;

export const previewScenario = simulator.post('previewScenario', '/sim/scenario_preview/v1', {
  body: applyScenarioBodySchema,
  response: scenarioPreviewSchema,
  permission: PERMISSIONS.simulatorControl,
  summary:
    'What a scenario (by name, as text or as an object) would do now: units each selection picks, services it takes down, releases it publishes. Changes nothing.',
});

/** One problem of a scenario's text: its line when known, the field ('' for the whole text) and what is wrong. */
export const scenarioProblemSchema = z.object({
  line: z.int().min(1).nullable(),
  field: z.string(),
  message: z.string(),
});
/** See {@link scenarioProblemSchema}. */
export type ScenarioProblem = z.infer<typeof scenarioProblemSchema>;

export const validateScenario = simulator.post('validateScenario', '/sim/scenario_validated/v1', {
  body: z.strictObject({ text: safeText(TEXT_MAX.scenarioFile) }),
  response: z.object({ problems: z.array(scenarioProblemSchema) }),
  permission: PERMISSIONS.simulatorControl,
  summary:
    "Checks a scenario's YAML or JSON text: every problem with its line and field (none: it is valid).",
});

/** Where a later step of an applied scenario stands: still to play, played, or cancelled before it played. */
export const scenarioStepStateSchema = z.enum(['pending', 'played', 'cancelled']);

/** A scenario applied to the world, with its later steps at their simulated times (the timeline). */
export const scenarioRunSchema = z.object({
  id: recordIdSchema,
  name: z.string(),
  appliedBy: z.string(),
  /** Simulated time of the apply. */
  appliedAt: z.iso.datetime({ offset: true }),
  steps: z.array(
    z.object({
      /** When after the apply, as the scenario says it ('20m'). */
      at: z.string(),
      /** Simulated time it plays (or played) at. */
      dueAt: z.iso.datetime({ offset: true }),
      state: scenarioStepStateSchema,
      /** Who cancelled it; null unless cancelled. */
      cancelledBy: z.string().nullable(),
    }),
  ),
});
/** See {@link scenarioRunSchema}. */
export type ScenarioRun = z.infer<typeof scenarioRunSchema>;

export const readScenarioRuns = simulator.get('readScenarioRuns', '/sim/scenario_runs/v1/', {
  query: pagedListQuery(),
  response: paged(scenarioRunSchema),
  permission: PERMISSIONS.simulatorControl,
  summary:
    'The timeline of applied scenarios, newest first, with their later steps at their simulated times.',
});

export const cancelScenarioRun = simulator.post('cancelScenarioRun', '/sim/scenario_run_cancelled/v1', {
  body: z.strictObject({ id: recordIdSchema }),
  response: scenarioRunSchema,
  permission: PERMISSIONS.simulatorControl,
  summary:
    'Cancels the steps of an applied scenario that have not played yet (in the process that simulates the units).',
});

/** SIMULATOR_CHANGED: the clock or the world moved by a tester's action (a clock move, an apply, a cancel); open Simulator screens read it again. */
export const simulatorChangedPayloadSchema = z.object({
  change: z.enum([
    'clock',
    'scenario',
    'cancel',
    'snapshot',
    'restore',
    'import',
    'scenarioSaved',
    'scenarioDeleted',
  ]),
  /** Who did it. */
  by: z.string(),
});
/** See {@link simulatorChangedPayloadSchema}. */
export type SimulatorChangedPayload = z.infer<typeof simulatorChangedPayloadSchema>;

/** The Simulator screen's calls. */
export const simulatorEndpoints = {
  previewScenario,
  validateScenario,
  readScenarioRuns,
  cancelScenarioRun,
} as const;
