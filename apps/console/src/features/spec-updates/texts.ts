/**
 * Texts of Specifications (back-office §2.3, §5, §8). Screen, tab, column, button and dialog names are
 * the spec's, letter for letter; the notes and results are ours.
 */
export const SPEC_TEXTS = {
  title: 'Specifications',
  statistics: 'Statistics',
  releases: 'Spec Releases',

  // Statistics tab.
  statisticsChart: 'Installed devices per spec version',
  statisticsEmpty: 'No spec version with more than one device',
  devices: 'Devices',
  notAvailable: 'Not available right now.',

  // Spec Releases columns (back-office §2.3).
  displayName: 'Display Name',
  month: 'Month',
  year: 'Year',
  alignersRequire: 'Aligners Require',
  truPointsRequire: 'Tru-Points Require',
  oasisRequire: 'Oasis Require',
  active: 'Active',
  targetFamily: 'Target Family',
  filtered: 'Filtered',
  path: 'Path',
  createdAt: 'Created At',
  updatedAt: 'Updated At',
  actions: 'Actions',
  notApplicable: 'N/A',
  editSpec: 'Edit Spec',
  filterList: (list: string) => `Filter: ${list}`,

  // Buttons and dialogs.
  createSpecUpdate: 'Create Spec Update',
  createTitle: 'Create Specification Update',
  editTitle: (name: string) => `Edit Specification Update - ${name}`,
  activeField: 'Active',
  targetFamilyField: 'Target family',
  filterField: 'filter',
  filterHelp: "Serial number patterns separated by commas; '*' for every unit.",
  required: 'Required',
  manifestFound: 'A manifest.json file was found at this path.',
  takesVersionName: (name: string) => `The update takes the manifest's version name: ${name}.`,
  pathNote: 'Path',
  confirm: 'Confirm',
  update: 'Update',
  cancel: 'Cancel',
  created: (name: string) => `Spec update ${name} is published.`,
  updated: (name: string) => `Spec update ${name} is saved.`,
} as const;
