import type { CommandName } from '@equipment-dashboard/contract';
import { insertSilence } from '../store/repos/silences-repo';
import type { ServiceDeps } from './service-deps';

/** Who a planned outage's silence is by: the console itself, not a person. */
export const SYSTEM_AUTHOR = 'system';

/** Commands after which a unit restarts (it drops off for a few minutes): an outage the console caused. */
export const RESTARTING_COMMANDS: ReadonlySet<CommandName> = new Set([
  'aligner_install_now',
  'reset_serial_number',
]);
/** How long (simulated) alerts of a unit told to restart stay silenced: the install's restart and its reconnection. */
export const RESTART_COMMAND_OUTAGE_MS = 15 * 60_000;
/** Margin after a planned outage's last step (simulated): units take a few minutes to reconnect after it. */
export const PLANNED_RECOVERY_MS = 15 * 60_000;

/** What a planned outage silences: the same keys a silence's matcher has (none: everything). */
export interface PlannedMatcher {
  serials?: string[];
  families?: string[];
  countries?: string[];
  services?: string[];
}

/**
 * Declares an outage the console caused or a tester planned: a silence by the system from now for `forMs`
 * (simulated), whose reason ("Planned: ...") the alerts it holds carry as their cause, so that it pages nobody.
 */
export async function declarePlannedOutage(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'logger'>,
  matcher: PlannedMatcher,
  forMs: number,
  reason: string,
): Promise<void> {
  const now = deps.clock.now();
  await insertSilence(deps.db, {
    matcher: Object.fromEntries(Object.entries(matcher).filter(([, v]) => Array.isArray(v) && v.length > 0)),
    startsAt: new Date(now),
    endsAt: new Date(now + forMs),
    reason: `Planned: ${reason}`,
    recurring: null,
    createdBy: SYSTEM_AUTHOR,
    createdAt: new Date(now),
  });
  deps.logger.info({ matcher, forMs, reason }, 'planned outage declared');
}
