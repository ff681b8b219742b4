import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NotFoundError } from '../core/errors';
import { parseScenarioText } from './scenario-file';
import type { Scenario } from './scenario-schema';

/** apps/fleet-sim/scenarios in the source tree; beside main.cjs in the build. */
const CANDIDATES = [join(__dirname, 'scenarios'), join(__dirname, '../../scenarios')];
export const SCENARIOS_DIR = CANDIDATES.find((dir) => existsSync(dir)) ?? (CANDIDATES[1] as string);

const isScenarioFile = (file: string) => /\.(ya?ml|json)$/.test(file);

/** The named scenarios of the library, with what each shows. */
export function listScenarios(): { name: string; description: string }[] {
  if (!existsSync(SCENARIOS_DIR)) return [];
  return readdirSync(SCENARIOS_DIR)
    .filter(isScenarioFile)
    .sort()
    .map((file) => {
      const scenario = loadScenarioFile(join(SCENARIOS_DIR, file));
      return { name: file.replace(/\.(ya?ml|json)$/, ''), description: scenario.description };
    });
}

export function loadScenarioFile(path: string): Scenario {
  return parseScenarioText(readFileSync(path, 'utf8'), path);
}

/** A scenario of the library by its file name (without extension). */
export function loadNamedScenario(name: string): Scenario {
  if (!/^[a-z0-9-]+$/.test(name)) throw new NotFoundError(`No scenario named ${JSON.stringify(name)}.`);
  const file = existsSync(SCENARIOS_DIR) ? readdirSync(SCENARIOS_DIR).find((f) => isScenarioFile(f) && f.replace(/\.(ya?ml|json)$/, '') === name) : undefined;
  if (!file) throw new NotFoundError(`No scenario named ${name}. Known: ${listScenarios().map((s) => s.name).join(', ')}.`);
  return loadScenarioFile(join(SCENARIOS_DIR, file));
}
