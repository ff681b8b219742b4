import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScenarioText } from '@equipment-dashboard/contract';
import { ConflictError } from '../core/errors';
import type { ServiceDeps } from '../services/service-deps';
import { noteSimulatorChange } from '../services/simulator-activity';
import { findScenarioFile, savedScenariosDir, SCENARIO_ALIASES, SCENARIOS_DIR } from './library';
import { parseScenarioText, scenarioOrInvalid } from './scenario-file';

type Deps = Pick<ServiceDeps, 'db' | 'config' | 'clock' | 'live'>;

/** Whether a name is the built-in library's (a file or a former name): such a name is not a tester's to take. */
function isBuiltin(name: string): boolean {
  return (
    Object.hasOwn(SCENARIO_ALIASES, name) ||
    ['yaml', 'yml', 'json'].some((ext) => existsSync(join(SCENARIOS_DIR, `${name}.${ext}`)))
  );
}

function refuseBuiltin(name: string, doing: string): void {
  if (isBuiltin(name))
    throw new ConflictError(
      `${name} is a built-in scenario, which stays as it is: ${doing} under another name.`,
      { name },
      'builtin_scenario',
    );
}

/**
 * Saves a scenario's text in DATA_DIR under `name` (a saved one of that name is replaced), checked as the validation
 * call checks it (400 with the problems). The file is written whole before it takes the name, so a crash leaves the
 * former file or the new one; the save is in the audit log.
 */
export async function saveScenarioFile(
  deps: Deps,
  username: string,
  input: { name: string; text: string },
): Promise<{ name: string; source: 'saved' }> {
  refuseBuiltin(input.name, 'save it');
  scenarioOrInvalid(() => parseScenarioText(input.text, 'the scenario text'));
  const dir = savedScenariosDir(deps.config.DATA_DIR);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${input.name}.yaml`);
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, input.text.endsWith('\n') ? input.text : `${input.text}\n`);
  renameSync(partial, path);
  // A file of the same name in another format would be found instead of this one.
  for (const ext of ['yml', 'json']) rmSync(join(dir, `${input.name}.${ext}`), { force: true });
  await noteSimulatorChange(deps, username, 'scenarioSaved', {
    name: input.name,
    bytes: Buffer.byteLength(input.text),
  });
  return { name: input.name, source: 'saved' };
}

/** A library scenario's text (built-in or saved), for the editor and the download. */
export function readScenarioFileText(deps: Pick<Deps, 'config'>, name: string): ScenarioText {
  const { path, source } = findScenarioFile(name, savedScenariosDir(deps.config.DATA_DIR));
  return { name, source, text: readFileSync(path, 'utf8') };
}

/** Deletes a saved scenario (404 when there is none; 409 for a built-in one); the delete is in the audit log. */
export async function deleteScenarioFile(
  deps: Deps,
  username: string,
  name: string,
): Promise<{ name: string; deleted: true }> {
  refuseBuiltin(name, 'delete a saved one');
  const { path } = findScenarioFile(name, savedScenariosDir(deps.config.DATA_DIR));
  rmSync(path);
  await noteSimulatorChange(deps, username, 'scenarioDeleted', { name });
  return { name, deleted: true };
}
