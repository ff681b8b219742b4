import type { CapturedScenario } from '@equipment-dashboard/contract';

/**
 * The router state the equipment list's "Capture as scenario" opens the Simulator with: the editor opens on the
 * captured YAML, to name and save (features do not import each other, so both read the shape from here).
 */
export interface CapturedScenarioState {
  capturedScenario: CapturedScenario;
}

export function capturedScenarioOf(state: unknown): CapturedScenario | null {
  const captured = (state as Partial<CapturedScenarioState> | null)?.capturedScenario;
  return captured && typeof captured.yaml === 'string' ? captured : null;
}
