import { PERMISSIONS } from '@equipment-dashboard/domain';
import type { SimulatorChangedPayload } from '@equipment-dashboard/contract';
import { recordAudit } from '../store/repos/audit-log-repo';
import type { ServiceDeps } from './service-deps';

/**
 * A tester's move of the simulator (a clock change, an applied scenario) after it is done: in the audit log with who
 * did it, and told to the other open Simulator screens (SIMULATOR_CHANGED) so that they read the world again.
 */
export async function noteSimulatorChange(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'live'>,
  username: string,
  change: SimulatorChangedPayload['change'],
  detail: Record<string, unknown>,
): Promise<void> {
  await recordAudit(deps.db, [{ username, action: `simulator.${change}`, detail, at: deps.clock.nowDate() }]);
  deps.live.emitToPermitted(PERMISSIONS.simulatorControl, 'SIMULATOR_CHANGED', { change, by: username });
}
