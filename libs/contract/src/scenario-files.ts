import { z } from 'zod';
import { PERMISSIONS } from '@equipment-dashboard/domain';
import { bulkSelectionQuerySchema } from './bulk-actions';
import { areaEndpoints } from './define';
import { binaryResponseSchema } from './endpoint';
import { countSchema, recordIdSchema } from './primitives';
import { requiredText } from './query';
import { safeText, TEXT_MAX } from './text';

/*
 * Scenario files for testers: "Capture as scenario" (units as they are now, written as a scenario that puts them so
 * again), and the library of scenarios saved in DATA_DIR beside the built-in one (save, read, download, delete).
 * For the roles that control the simulator (admin, engineer).
 */

const scenarioFiles = areaEndpoints('scenarioFiles');

/** The most units one capture takes (the "up to 10,000 units"); a bigger selection is a 400. */
export const CAPTURE_UNITS_MAX = 10_000;

/** Why a capture of more units is refused. */
export const captureTooManyMessage = (count: number) =>
  `A capture takes at most ${CAPTURE_UNITS_MAX.toLocaleString('en-US')} units; the selection has ${count.toLocaleString('en-US')}.`;

/**
 * The units a capture takes: serials picked on screen, a saved view of the equipment list (its filters), or the
 * equipment list's filters ("all N matching").
 */
export const captureSelectionSchema = z
  .strictObject({
    serials: z
      .array(requiredText)
      .min(1)
      .max(CAPTURE_UNITS_MAX, `A capture takes at most ${CAPTURE_UNITS_MAX.toLocaleString('en-US')} units.`)
      .optional(),
    viewId: recordIdSchema.optional(),
    filters: bulkSelectionQuerySchema.optional(),
  })
  .refine(
    (s) => [s.serials, s.viewId, s.filters].filter((v) => v !== undefined).length === 1,
    'Give exactly one of serials, viewId or filters.',
  );
/** See {@link captureSelectionSchema}. */
export type CaptureSelection = z.input<typeof captureSelectionSchema>;

/** A capture: the scenario's YAML text, and how many units it sets. */
export const capturedScenarioSchema = z.object({ yaml: z.string().min(1), units: countSchema });
/** See {@link capturedScenarioSchema}. */
export type CapturedScenario = z.infer<typeof capturedScenarioSchema>;

export const captureScenario = scenarioFiles.post('captureScenario', '/sim/scenario_capture/v1', {
  body: z.strictObject({ selection: captureSelectionSchema }),
  response: capturedScenarioSchema,
  permission: PERMISSIONS.simulatorControl,
  summary:
    'Writes a scenario that puts the selected units (up to 10,000) back into the states they show now: connected or not, version, staged update, update phase and progress (a hung download at its percent), voltages out of range. Changes nothing.',
});

/**
 * A saved scenario's name: its file name in DATA_DIR without extension, lower-case letters, digits and dashes (the
 * built-in library's names), so that no name reaches outside the folder.
 */
export const scenarioFileNameSchema = safeText(80).regex(
  /^[a-z0-9][a-z0-9-]*$/,
  'lower-case letters, digits and dashes, starting with a letter or digit',
);

/** Where a library scenario comes from: the built-in library (read-only) or DATA_DIR (saved by testers). */
export const scenarioSourceSchema = z.enum(['builtin', 'saved']);
/** See {@link scenarioSourceSchema}. */
export type ScenarioSource = z.infer<typeof scenarioSourceSchema>;

/** A saved scenario: its name and where it is. */
export const savedScenarioSchema = z.object({ name: z.string().min(1), source: scenarioSourceSchema });

export const saveScenario = scenarioFiles.post('saveScenario', '/create/sim_scenario/v1', {
  body: z.strictObject({ name: scenarioFileNameSchema, text: safeText(TEXT_MAX.scenarioFile).min(1) }),
  response: savedScenarioSchema,
  permission: PERMISSIONS.simulatorControl,
  summary:
    "Saves a scenario's text in the library in DATA_DIR under a name (replacing a saved one of that name): 400 with its problems when it is not valid, 409 for a built-in scenario's name.",
});

/** A library scenario's text, for the editor. */
export const scenarioTextSchema = z.object({
  name: z.string().min(1),
  source: scenarioSourceSchema,
  text: z.string(),
});
/** See {@link scenarioTextSchema}. */
export type ScenarioText = z.infer<typeof scenarioTextSchema>;

const byName = z.object({ name: scenarioFileNameSchema });

export const readScenarioText = scenarioFiles.get('readScenarioText', '/sim/scenario_text/v1', {
  query: byName,
  response: scenarioTextSchema,
  permission: PERMISSIONS.simulatorControl,
  summary: "Reads a library scenario's text (built-in or saved) to open it in the editor.",
});

export const downloadScenario = scenarioFiles.get('downloadScenario', '/sim/scenario/v1/download', {
  query: byName,
  response: binaryResponseSchema,
  binary: true,
  permission: PERMISSIONS.simulatorControl,
  summary: 'Downloads a library scenario (built-in or saved) as its YAML file (an attachment).',
});

export const deleteScenario = scenarioFiles.post('deleteScenario', '/delete/sim_scenario/v1', {
  body: z.strictObject({ name: scenarioFileNameSchema }),
  response: z.object({ name: z.string().min(1), deleted: z.literal(true) }),
  permission: PERMISSIONS.simulatorControl,
  summary: 'Deletes a saved scenario of the library in DATA_DIR (a built-in one cannot be: 409).',
});

/** Scenario files: capture, and the saved library's save, read, download and delete. */
export const scenarioFilesEndpoints = {
  captureScenario,
  saveScenario,
  readScenarioText,
  downloadScenario,
  deleteScenario,
} as const;
