import type { PreviewSelection, ScenarioPreview, ScenarioProblem } from '@equipment-dashboard/contract';
import { scenarioOutline, selectionSize } from '@equipment-dashboard/domain';
import { Rng } from '../core/random';
import type { ServiceDeps } from '../services/service-deps';
import { parseScenarioText, ScenarioError } from './scenario-file';
import type { Scenario, ScenarioChanges, Selection } from './scenario-schema';
import { selectUnits } from './unit-changes';

/** A selection as the scenario wrote it, without the fields it left out. */
function writtenSelection(selection: Selection): PreviewSelection['selection'] {
  return Object.fromEntries(Object.entries(selection).filter(([, value]) => value !== undefined));
}

/** A scenario's duration as text: '20m' as written, milliseconds as '1200000ms'. */
const durationText = (duration: string | number) =>
  typeof duration === 'number' ? `${duration}ms` : duration.trim();

/** The units of this process's simulator that match a selection now (null without a simulator). */
function matchingNow(deps: ServiceDeps, selection: Selection): number | null {
  if (!deps.sim) return null;
  const { count: _count, fraction: _fraction, ...filters } = selection;
  return selectUnits(deps, deps.sim, filters, new Rng('preview')).length;
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
        picked: matching === null ? null : selectionSize(matching, rule.select),
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
