import { COMMAND_NAMES } from '@equipment-dashboard/contract';
import {
  FAMILIES,
  LOG_LEVELS,
  SERVICE_NAMES,
  TARGET_TYPES,
  type ServiceName,
} from '@equipment-dashboard/domain';
import { z } from 'zod';

const duration = z.union([
  z.number().int().min(0),
  z.string().regex(/^\s*(\d+(\.\d+)?\s*(ms|s|m|h|d)\s*)+$/, "a duration like '90s', '20m' or '1h30m'"),
]);
/** 'latest' (the family's latest published version) or a semantic version. */
const versionRef = z.union([
  z.literal('latest'),
  z.string().regex(/^\d+\.\d+(\.\d+)?([-+_ ].*)?$/, "'latest' or a version like '5.2.0'"),
]);
const serviceState = z.enum(['up', 'down']);

/** Which units a change applies to. Without count or fraction: every unit that matches. */
export const selectionSchema = z
  .strictObject({
    serials: z.array(z.string().min(1)).min(1).optional(),
    family: z.enum(FAMILIES).optional(),
    /** Exact semantic version, or a prefix ending in '.' or '*' ('5.2.' or '5.*'). */
    version: z.string().min(1).optional(),
    /** Only units below their family's latest version. */
    belowLatest: z.boolean().optional(),
    /** Country code (ISO 3166-1 alpha-2). */
    country: z.string().length(2).optional(),
    connected: z.boolean().optional(),
    /** true: only units with a staged update; false: only units with none. */
    staged: z.boolean().optional(),
    /** Only units whose software can show update status (aligner 4.3.0+, gtps/oasis 1.0.0+). */
    updatable: z.boolean().optional(),
    count: z.number().int().min(1).optional(),
    fraction: z.number().gt(0).max(1).optional(),
  })
  .refine((s) => !(s.count !== undefined && s.fraction !== undefined), 'Give count or fraction, not both.');

/** What to set on the selected units. */
export const unitChangeSchema = z.strictObject({
  connected: z.boolean().optional(),
  flapping: z.boolean().optional(),
  version: z.string().min(1).optional(),
  logLevel: z.enum(LOG_LEVELS).optional(),
  targetType: z.enum(TARGET_TYPES).optional(),
  alignmentCount: z.number().int().min(0).optional(),
  /** Stage this version (bypassing the console's rules: a scenario may put units in any state). */
  staged: z.union([versionRef, z.literal(false)]).optional(),
  /** Put the updater in a phase of the update flow, with its progress. */
  update: z
    .strictObject({
      phase: z.enum(['pending', 'downloading', 'validating', 'readyToInstall', 'installing']),
      target: versionRef.default('latest'),
      /** Percent of the download (downloading) or of the install (installing). */
      progress: z.number().min(0).max(100).optional(),
      hung: z.boolean().optional(),
    })
    .optional(),
  /** 'outOfRange' makes voltage reports of these units come back out of range (a report is taken now). */
  voltages: z.enum(['outOfRange', 'normal']).optional(),
});

export const unitRuleSchema = z.strictObject({ select: selectionSchema.default({}), set: unitChangeSchema });

const servicesSchema = z.partialRecord(
  z.enum(SERVICE_NAMES as [ServiceName, ...ServiceName[]]),
  serviceState,
);

/** The part of a scenario that can also happen later, as a step. */
const changesShape = {
  services: servicesSchema.optional(),
  units: z.array(unitRuleSchema).optional(),
  /** Share (0-1) of each command the units fail; `update`: share of update installs that fail (a rollout's phase verdict counts them). */
  failureRates: z.partialRecord(z.enum([...COMMAND_NAMES, 'update']), z.number().min(0).max(1)).optional(),
  /**
   * Share (0-1) of update installs that fail by the version installed: a version ('5.4.0') or a prefix ending in '.'
   * or '*' ('5.4.'), over `failureRates.update` (a release whose updates fail more).
   */
  updateFailureRates: z
    .record(
      z.string().regex(/^\d[\w.+-]*\*?$/, "a version like '5.4.0' or a prefix like '5.4.'"),
      z.number().min(0).max(1),
    )
    .optional(),
  /** Multiplies the field's connect/drop rhythm (0 freezes connections; 1 is normal). */
  churn: z.number().min(0).max(10_000).optional(),
  favorites: z
    .array(
      z.strictObject({
        user: z.string().min(1),
        /** Fill the user's radar up to the server's limit. */
        fill: z.boolean().optional(),
        serials: z.array(z.string().min(1)).optional(),
        count: z.number().int().min(1).optional(),
      }),
    )
    .optional(),
  /** Publish a software update (raises NEW_SOFTWARE_UPDATE_CREATED). */
  publish: z
    .array(
      z.strictObject({
        family: z.enum(FAMILIES),
        version: z.string().min(1),
        meta: z.string().default(''),
        path: z.string().optional(),
      }),
    )
    .optional(),
};

/** Units a history shape applies to: a family, versions (a version or a prefix ending in '.' or '*'), a country. */
const historySelectionSchema = z.strictObject({
  family: z.enum(FAMILIES).optional(),
  version: z.string().min(1).optional(),
  country: z.string().length(2).optional(),
});

/**
 * Rewrites the rollups of the last `days` days (up to now): for the units each rule selects, the share of time they
 * were offline is multiplied by `offlineFactor` (2: they dropped twice as often; alerts of units going offline follow
 * it), and their update installs fail at `updateFailureRate`. The rest of the history is left as it was.
 */
export const historyShapeSchema = z.strictObject({
  days: z.number().int().min(1).max(365),
  rules: z
    .array(
      historySelectionSchema.extend({
        offlineFactor: z.number().min(0).max(20).optional(),
        updateFailureRate: z.number().min(0).max(1).optional(),
      }),
    )
    .min(1),
});

export const scenarioSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().default(''),
  /** Seed of the scenario's random picks: the same scenario picks the same units. */
  seed: z.string().optional(),
  /**
   * The outage it makes is planned (a maintenance, a gateway restart): the alerts it causes are silenced, with the
   * scenario as their cause, until its last step plus a quarter of an hour (or for `plannedFor`).
   */
  planned: z.boolean().optional(),
  plannedFor: duration.optional(),
  clock: z
    .strictObject({
      speed: z.number().min(0).max(100_000).optional(),
      /** Move simulated time forward by this much after applying. */
      advance: duration.optional(),
    })
    .optional(),
  ...changesShape,
  steps: z.array(z.strictObject({ at: duration, ...changesShape })).optional(),
  /** "The last N days looked like this": the fleet's history (Fleet Health) of the last days, reshaped. */
  history: historyShapeSchema.optional(),
});

export type Scenario = z.infer<typeof scenarioSchema>;
export type ScenarioChanges = Pick<Scenario, keyof typeof changesShape>;
export type Selection = z.infer<typeof selectionSchema>;
export type HistoryShape = z.infer<typeof historyShapeSchema>;
export type UnitChange = z.infer<typeof unitChangeSchema>;
