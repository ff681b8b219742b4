import type { ScenarioRun } from '@equipment-dashboard/contract';

/** A later step of an applied scenario still to play. */
export interface PendingStep {
  name: string;
  at: string;
  dueAt: string;
}

/** The pending steps of the runs, soonest first: what stepping the clock past their time plays. */
export function pendingSteps(runs: readonly ScenarioRun[]): PendingStep[] {
  return runs
    .flatMap((run) =>
      run.steps
        .filter((step) => step.state === 'pending')
        .map((step) => ({ name: run.name, at: step.at, dueAt: step.dueAt })),
    )
    .sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt));
}
