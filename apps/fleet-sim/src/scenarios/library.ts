import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScenarioSource } from '@equipment-dashboard/contract';
import { NotFoundError } from '../core/errors';
import { parseScenarioText } from './scenario-file';
import type { Scenario } from './scenario-schema';

/** apps/fleet-sim/scenarios in the source tree; beside main.cjs in the build. */
const CANDIDATES = [join(__dirname, 'scenarios'), join(__dirname, '../../scenarios')];
export const SCENARIOS_DIR = CANDIDATES.find((dir) => existsSync(dir)) ?? (CANDIDATES[1] as string);

/** The scenarios testers saved (the Simulator's editor), in DATA_DIR beside the store. */
export const savedScenariosDir = (dataDir: string) => join(dataDir, 'scenarios');

const isScenarioFile = (file: string) => /\.(ya?ml|json)$/.test(file);
const nameOfFile = (file: string) => file.replace(/\.(ya?ml|json)$/, '');

/**
 * Former names of library scenarios, which still apply them (testers' scripts use them): rollout-in-progress
 * was renamed because it stages units one by one, which is not a phased rollout of the Rollouts screen.
 */
export const SCENARIO_ALIASES: Readonly<Record<string, string>> = {
  'rollout-in-progress': 'staged-updates-in-progress',
};

/** A scenario of the library as it is listed. */
export interface ScenarioInfo {
  name: string;
  description: string;
  source: ScenarioSource;
}

/** The scenario files of a folder, by name. */
function filesOf(dir: string | undefined): Map<string, string> {
  if (!dir || !existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir)
      .filter(isScenarioFile)
      .map((file) => [nameOfFile(file), join(dir, file)]),
  );
}

/** What a saved file says it shows; a saved file that no longer reads says so rather than hiding the library. */
function descriptionOf(path: string, source: ScenarioSource): string {
  try {
    return loadScenarioFile(path).description;
  } catch (error) {
    if (source === 'builtin') throw error;
    return 'This saved scenario is not valid: open it in the editor to see why.';
  }
}

/**
 * The named scenarios of the library (the built-in ones, then those saved in `savedDir`, a saved one never under a
 * built-in name), with what each shows, and each former name with what it applies.
 */
export function listScenarios(savedDir?: string): ScenarioInfo[] {
  const builtin = filesOf(SCENARIOS_DIR);
  const named: ScenarioInfo[] = [...builtin].map(([name, path]) => ({
    name,
    description: descriptionOf(path, 'builtin'),
    source: 'builtin',
  }));
  const aliases = Object.entries(SCENARIO_ALIASES).flatMap(([alias, name]): ScenarioInfo[] => {
    const target = named.find((s) => s.name === name);
    return target
      ? [{ name: alias, description: `Former name of ${name}: ${target.description}`, source: 'builtin' }]
      : [];
  });
  const saved = [...filesOf(savedDir)]
    .filter(([name]) => !builtin.has(name) && !Object.hasOwn(SCENARIO_ALIASES, name))
    .map(([name, path]): ScenarioInfo => ({
      name,
      description: descriptionOf(path, 'saved'),
      source: 'saved',
    }));
  return [...named, ...aliases, ...saved].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export function loadScenarioFile(path: string): Scenario {
  return parseScenarioText(readFileSync(path, 'utf8'), path);
}

/** The file of a library scenario by name (a former name included): built-in first, then saved in `savedDir`. */
export function findScenarioFile(asked: string, savedDir?: string): { path: string; source: ScenarioSource } {
  const name = Object.hasOwn(SCENARIO_ALIASES, asked) ? (SCENARIO_ALIASES[asked] as string) : asked;
  if (!/^[a-z0-9-]+$/.test(name)) throw new NotFoundError(`No scenario named ${JSON.stringify(name)}.`);
  const builtin = filesOf(SCENARIOS_DIR).get(name);
  if (builtin) return { path: builtin, source: 'builtin' };
  const saved = filesOf(savedDir).get(name);
  if (saved) return { path: saved, source: 'saved' };
  throw new NotFoundError(
    `No scenario named ${name}. Known: ${listScenarios(savedDir)
      .map((s) => s.name)
      .join(', ')}.`,
  );
}

/** A scenario of the library by its file name (without extension): built-in, or saved in `savedDir`. */
export function loadNamedScenario(asked: string, savedDir?: string): Scenario {
  return loadScenarioFile(findScenarioFile(asked, savedDir).path);
}
