import type { CommandName } from '@equipment-dashboard/contract';

/** What scenarios set for the whole fleet, kept in the store (`sim_settings` 'fleet') for every simulator. */
export interface FleetSettings {
  /** Multiplies connection churn (1 = the field's normal rhythm). */
  churn: number;
  /** Share of each command the units fail, in [0, 1]; `update`: share of update installs that fail. */
  failureRates: Partial<Record<CommandName | 'update', number>>;
  /**
   * Share of update installs that fail, by the version installed (a version, or a prefix ending in '.' or '*'):
   * a release whose updates fail more than the fleet's `failureRates.update`.
   */
  updateFailureRates?: Record<string, number>;
}

export const FLEET_SETTINGS_KEY = 'fleet';
export const CLOCK_KEY = 'clock';
/** Which snapshot was last restored, and when (real ms): every process hears that the world was replaced. */
export const WORLD_RESTORED_KEY = 'restored';

export const DEFAULT_FLEET_SETTINGS: FleetSettings = { churn: 1, failureRates: {} };
