import { z } from 'zod';
import { PERMISSIONS } from '@equipment-dashboard/domain';
import { areaEndpoints } from './define';
import { scenarioSourceSchema } from './scenario-files';
import { safeText, TEXT_MAX } from './text';

/*
 * The simulator's own calls (not in the spec): testers drive the emulated fleet with them. All are
 * admin-only (simulatorControl). Durations are milliseconds or text like '90s', '20m', '1h30m'.
 */

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/**
 * The longest duration a call takes: 366 days. Stepping the clock further at once is no test a person
 * runs, and a step past what a Date holds (year 275760) would leave the clock unreadable.
 */
export const DURATION_MAX_MS = 366 * UNIT_MS.d;
const tooLong = `at most 366 days (${DURATION_MAX_MS} ms)`;

/** Milliseconds of a duration text that the pattern below accepted. */
function textMs(text: string): number {
  return [...text.matchAll(/(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)/g)].reduce(
    (sum, [, amount, unit]) => sum + Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS],
    0,
  );
}

/** A duration of at most 366 days: milliseconds, or text such as '45s', '20m', '1h30m', '2d'. */
export const durationSchema = z.union([
  z.int().min(0).max(DURATION_MAX_MS, tooLong),
  safeText(TEXT_MAX.name)
    .regex(/^\s*(\d+(\.\d+)?\s*(ms|s|m|h|d)\s*)+$/, "a duration like '90s', '20m' or '1h30m'")
    .refine((text) => textMs(text) <= DURATION_MAX_MS, tooLong),
]);

/** The simulated clock: now, and how many times faster than real time it runs (0 = stopped). */
export const clockSchema = z.object({
  now: z.iso.datetime({ offset: true }),
  speed: z.number().min(0),
  /** Counts since start: unit changes the engine made, and unit rows written behind to the store. */
  stats: z.object({ unitChanges: z.int().min(0), rowsWritten: z.int().min(0) }).optional(),
});
/** See {@link clockSchema}. */
export type Clock = z.infer<typeof clockSchema>;

const sim = areaEndpoints('sim');

export const readClock = sim.get('readClock', '/sim/clock', {
  response: clockSchema,
  permission: PERMISSIONS.simulatorControl,
  summary: 'Reads the simulated clock.',
});

export const setClock = sim.post('setClock', '/sim/clock', {
  body: z
    .strictObject({
      speed: z.number().min(0).max(100_000).optional(),
      step: durationSchema.optional(),
      time: z.iso.datetime({ offset: true }).optional(),
    })
    .refine(
      (b) => b.speed !== undefined || b.step !== undefined || b.time !== undefined,
      'Give speed, step or time.',
    ),
  response: clockSchema,
  permission: PERMISSIONS.simulatorControl,
  summary: 'Changes the speed of the simulated clock, steps it forward, or sets it to a later time.',
});

/**
 * A scenario of the library: its file name (without extension), what it shows, and where it is: the built-in
 * library (read-only) or the scenarios testers saved in DATA_DIR.
 */
export const scenarioInfoSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  source: scenarioSourceSchema,
});

export const readScenarios = sim.get('readScenarios', '/sim/scenarios', {
  response: z.array(scenarioInfoSchema),
  permission: PERMISSIONS.simulatorControl,
  summary: 'Lists the named scenarios of the library: the built-in ones and those saved in DATA_DIR.',
});

/**
 * Body of POST /sim/scenario/apply: a scenario of the library by name, or one given as YAML/JSON text
 * (errors then name the line and field), or as an object.
 */
export const applyScenarioBodySchema = z
  .strictObject({
    name: safeText(TEXT_MAX.name).min(1).optional(),
    text: safeText(TEXT_MAX.scenarioFile).min(1).optional(),
    scenario: z.record(safeText(TEXT_MAX.name), z.unknown()).optional(),
  })
  .refine(
    (b) => [b.name, b.text, b.scenario].filter((v) => v !== undefined).length === 1,
    'Give exactly one of name, text or scenario.',
  );

/** What applying a scenario did. */
export const scenarioResultSchema = z.object({
  name: z.string(),
  /** Units changed by the scenario's own selections (steps later add their own). */
  unitsChanged: z.int().min(0),
  /** Steps scheduled for later on the simulated clock. */
  stepsScheduled: z.int().min(0),
  clock: clockSchema,
});
/** See {@link scenarioResultSchema}. */
export type ScenarioResult = z.infer<typeof scenarioResultSchema>;

export const applyScenario = sim.post('applyScenario', '/sim/scenario/apply', {
  body: applyScenarioBodySchema,
  response: scenarioResultSchema,
  permission: PERMISSIONS.simulatorControl,
  summary: 'Puts units, services and the clock into the named field state of a scenario.',
});

/** The simulator's calls. */
export const simEndpoints = { readClock, setClock, readScenarios, applyScenario } as const;
