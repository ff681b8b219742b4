/** The texts of the Simulator's snapshots panel (its own file: the scenario editor's texts are in texts.ts). */
export const SNAPSHOT_TEXTS = {
  title: 'Snapshots',
  staffNote: "Staff data (tickets, users, alerts' acknowledgements, audit) is not part of a snapshot.",
  empty: 'No snapshot saved yet.',
  name: 'Name',
  takenAt: 'Taken at',
  simulatedAt: 'Simulated time',
  by: 'By',
  units: 'Units',
  size: 'Size',
  actions: 'Actions',
  save: 'Save the field state',
  saveIntro:
    'Stores the whole simulated world under a name: every unit, services, releases, failure rates, churn, the clock and pending scenario steps.',
  saveOk: 'Save',
  nameRequired: 'Give the snapshot a name.',
  saved: (name: string) => `The field state is saved as ${name}.`,
  restore: 'Restore',
  restoreOf: (name: string) => `Restore ${name}`,
  restoreTitle: 'Restore the field state',
  restoreText: (name: string, simulatedAt: string, units: number) =>
    `The simulated world returns to ${name}: ${units} units as they were, the services, releases, failure rates, churn, pending scenario steps, and the clock at ${simulatedAt}. Staff data stays as it is.`,
  restored: (name: string) => `The field state ${name} is restored.`,
  export: 'Export',
  exportOf: (name: string) => `Export ${name}`,
  import: 'Import a snapshot file',
  imported: (name: string) => `The snapshot ${name} is imported.`,
} as const;
