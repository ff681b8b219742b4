import {
  ALERT_EMAIL_DEFAULT_SEVERITIES,
  ALERT_SEVERITIES,
  type AlertSeverity,
} from '@equipment-dashboard/domain';
import type { AlertPreferences } from '@equipment-dashboard/contract';
import type { AuthUser } from '../auth/auth-user';
import * as repo from '../store/repos/alert-preferences-repo';
import type { ServiceDeps } from './service-deps';

const DEFAULTS = { emailSeverities: [...ALERT_EMAIL_DEFAULT_SEVERITIES], mutedUntil: null };

function preferencesOf(
  row: Pick<repo.AlertPreferencesRow, 'emailSeverities' | 'mutedUntil'> | undefined,
): AlertPreferences {
  if (!row) return { emailSeverities: [...DEFAULTS.emailSeverities], mutedUntil: null };
  return {
    emailSeverities: ALERT_SEVERITIES.filter((s) => row.emailSeverities.includes(s)),
    mutedUntil: row.mutedUntil?.toISOString() ?? null,
  };
}

/** The signed-in user's alert e-mail preferences (critical and major, not muted, until they choose). */
export async function readAlertPreferences(deps: ServiceDeps, user: AuthUser): Promise<AlertPreferences> {
  return preferencesOf(await repo.findPreferences(deps.db, user.username));
}

/**
 * Changes the signed-in user's preferences: the severities that reach them by e-mail, and `muteMinutes` mutes
 * e-mail for that long from now (real time: a mute is the person's own pause, not the simulated fleet's); 0 unmutes.
 */
export async function updateAlertPreferences(
  deps: ServiceDeps,
  user: AuthUser,
  input: { emailSeverities?: AlertSeverity[]; muteMinutes?: number },
): Promise<AlertPreferences> {
  const change: Partial<Pick<repo.AlertPreferencesRow, 'emailSeverities' | 'mutedUntil'>> = {};
  if (input.emailSeverities)
    change.emailSeverities = ALERT_SEVERITIES.filter((s) => input.emailSeverities?.includes(s));
  if (input.muteMinutes !== undefined)
    change.mutedUntil = input.muteMinutes === 0 ? null : new Date(Date.now() + input.muteMinutes * 60_000);
  if (Object.keys(change).length === 0) return readAlertPreferences(deps, user);
  return preferencesOf(await repo.changePreferences(deps.db, user.username, change, DEFAULTS));
}
