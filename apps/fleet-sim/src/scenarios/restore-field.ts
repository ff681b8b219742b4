import type { SimSnapshot } from '@equipment-dashboard/contract';
import type { ServiceDeps } from '../services/service-deps';
import { restoreWorld } from '../services/snapshots-service';
import { scenarioRunsWithSteps } from '../store/repos/scenario-runs-repo';
import { scheduleLocalStep } from './apply-scenario';
import { forgetCancels } from './scenario-runs';
import type { ScenarioChanges } from './scenario-schema';

/**
 * Restores a snapshot (services/snapshots-service.ts) and, where this process simulates the units, schedules the
 * snapshot's pending scenario steps again: their timers lived in the simulator the restore reloaded. A cluster's
 * pending steps are directives in the store, which the restore brought back as rows.
 */
export async function restoreField(
  deps: ServiceDeps,
  id: number,
): Promise<{ snapshot: SimSnapshot; digest: string; unitsChanged: number; stepsScheduled: number }> {
  const result = await restoreWorld(deps, id);
  const sim = deps.sim;
  let stepsScheduled = 0;
  if (sim) {
    forgetCancels(sim);
    const savedAt = Date.parse(result.snapshot.simulatedAt);
    for (const run of await scenarioRunsWithSteps(deps.db)) {
      for (const [index, step] of run.steps.entries()) {
        const at = Date.parse(step.dueAt);
        if (step.cancelledAt !== null || at <= savedAt || !step.changes || !step.seed) continue;
        const changes = step.changes as ScenarioChanges;
        scheduleLocalStep(deps, sim, { runId: run.id, index, name: run.name, at, changes, seed: step.seed });
        stepsScheduled += 1;
      }
    }
  }
  return { ...result, stepsScheduled };
}
