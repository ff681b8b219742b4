import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NotFoundError } from '../core/errors';
import { parseScenarioText } from './scenario-file';
import type { Scenario } from './scenario-schema';

/** apps/fleet-sim/scenarios in the source tree; beside main.cjs in the build. */
const CANDIDATES = [join(__dirname, 'scenarios'), join(__dirname, '../../scenarios')];
export const SCENARIOS_DIR = CANDIDATES.find((dir) => existsSync(dir)) ?? (CANDIDATES[1] as string);

const isScenarioFile = (file: string) => /\.(ya?ml|json)$/.test(file);

/**
 * Former names of library scenarios, which still apply them (testers' scripts use them): rollout-in-progress
 * was renamed because it stages units one by one, which is not a phased rollout of the Rollouts screen.
 */
export const SCENARIO_ALIASES: Readonly<Record<string, string>> = {
  'rollout-in-progress': 'staged-updates-in-progress',
};

/** The named scenarios of the library, with what each shows, and each former name with what it applies. */
export function listScenarios(): { name: string; description: string }[] {
  if (!existsSync(SCENARIOS_DIR)) return [];
  const named = readdirSync(SCENARIOS_DIR)
    .filter(isScenarioFile)
    .map((file) => {
      const scenario = loadScenarioFile(join(SCENARIOS_DIR, file));
      return { name: file.replace(/\.(ya?ml|json)$/, ''), description: scenario.description };
    });
  const aliases = Object.entries(SCENARIO_ALIASES).flatMap(([alias, name]) => {
    const target = named.find((s) => s.name === name);
    return target ? [{ name: alias, description: `Former name of ${name}: ${target.description}` }] : [];
  });
  return [...named, ...aliases].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export function loadScenarioFile(path: string): Scenario {
  return parseScenarioText(readFileSync(path, 'utf8'), path);
}

/** A scenario of the library by its file name (without extension). */
export function loadNamedScenario(asked: string): Scenario {
  const name = Object.hasOwn(SCENARIO_ALIASES, asked) ? (SCENARIO_ALIASES[asked] as string) : asked;
  if (!/^[a-z0-9-]+$/.test(name)) throw new NotFoundError(`No scenario named ${JSON.stringify(name)}.`);
  const file = existsSync(SCENARIOS_DIR)
    ? readdirSync(SCENARIOS_DIR).find((f) => isScenarioFile(f) && f.replace(/\.(ya?ml|json)$/, '') === name)
    : undefined;
  if (!file)
    throw new NotFoundError(
      `No scenario named ${name}. Known: ${listScenarios()
        .map((s) => s.name)
        .join(', ')}.`,
    );
  return loadScenarioFile(join(SCENARIOS_DIR, file));
}
