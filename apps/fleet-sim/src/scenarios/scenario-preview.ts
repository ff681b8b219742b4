import type { PreviewSelection, ScenarioPreview, ScenarioProblem } from '@equipment-dashboard/contract';
import { scenarioOutline, selectionSize } from '@equipment-dashboard/domain';
import type { SelectionFacts } from '../read-models/unit-index';
import type { ServiceDeps } from '../services/service-deps';
import { parseScenarioText, ScenarioError } from './scenario-file';
import type { Scenario, ScenarioChanges, Selection } from './scenario-schema';
import { selectionMatches } from './unit-changes';

/** A selection as the scenario wrote it, without the fields it left out. */
function writtenSelection(selection: Selection): PreviewSelection['selection'] {
  return Object.fromEntries(Object.entries(selection).filter(([, value]) => value !== undefined));
}

/** A scenario's duration as text: '20m' as written, milliseconds as '1200000ms'. */
const durationText = (duration: string | number) =>
  typeof duration === 'number' ? `${duration}ms` : duration.trim();

/**
 * The units that match a selection now, from the lists' index: its counts per family, country, version, connection
 * and staging (no pass over the units, whichever process simulates them), or the listed serials it holds.
 */
function matchingNow(deps: ServiceDeps, selection: Selection): number {
  const index = deps.readModels.index;
  const test = (facts: SelectionFacts) => selectionMatches(deps, selection, facts, () => facts.staged);
  return selection.serials ? index.countOfSerialsWhere(selection.serials, test) : index.countWhere(test);
}

/**
 * What applying a scenario would do now (the Simulator's preview): for each unit selection, now and at its steps, how many
 * units match and how many it picks; the services it takes down and the releases it publishes. Reads only.
 */
export function previewScenario(deps: ServiceDeps, scenario: Scenario): ScenarioPreview {
  const parts: [string | null, ScenarioChanges][] = [
    [null, scenario],
    ...(scenario.steps ?? []).map((step): [string, ScenarioChanges] => [durationText(step.at), step]),
  ];
  const selections = parts.flatMap(([at, changes]) =>
    (changes.units ?? []).map((rule): PreviewSelection => {
      const matching = matchingNow(deps, rule.select);
      return {
        at,
        selection: writtenSelection(rule.select),
        matching,
        picked: selectionSize(matching, rule.select),
      };
    }),
  );
  const outline = scenarioOutline(parts.map(([at, changes]) => ({ ...changes, at: at ?? undefined })));
  return {
    name: scenario.name,
    description: scenario.description,
    selections,
    ...outline,
    steps: (scenario.steps ?? []).map((step) => ({ at: durationText(step.at) })),
    clockAdvance: scenario.clock?.advance === undefined ? null : durationText(scenario.clock.advance),
  };
}

/** The problems of a scenario's text, each with its line when known (none: the scenario is valid). */
export function scenarioProblems(text: string): ScenarioProblem[] {
  try {
    parseScenarioText(text, 'the scenario text');
    return [];
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    return error.problems.map((p) => ({ line: p.line ?? null, field: p.field, message: p.message }));
  }
}
