/**
 * Texts of the EZ ADAS screen (back-office §2.8, §8). Quoted spec texts are letter for letter. The
 * snackbar texts of §8 are written as 'words' + value + 'words'; decision: the value is filled in with
 * one space on each side and nothing is added (no full stop), e.g. 'EZ ADAS fixture EZ123 was created'.
 * Texts the spec does not give are ours and say so.
 */
export const EZADAS_TEXTS = {
  title: 'EZ ADAS',
  fixturesTab: 'Fixtures',
  targetsTab: 'Targets',
  noAccess: 'You do not have access to EZ ADAS.',

  // Fixtures (back-office §2.8).
  filterFixtureSerialNumber: 'filter fixture serial number',
  serialNumber: 'Serial Number',
  activationCount: 'Activation Count',
  subscriptionType: 'Subscription Type',
  subscriptionExpiration: 'Subscription Expiration',
  actions: 'Actions',
  editSubscription: 'Edit Subscription',
  resetActivationCount: 'Reset Activation Count',
  deleteSerialNumber: 'Delete Serial Number',
  createNewFixture: 'Create New Fixture',
  notApplicable: 'N/A',

  // Fixture dialogs (titles are the spec's; buttons and helper lines are ours).
  resetFixtureActivations: 'Reset Fixture Activations',
  resetConfirm: (serialNumber: string) =>
    `Reset the activation count of fixture ${serialNumber} to 0? The fixture can then be activated again.`,
  modifySubscription: 'Modify Subscription',
  subscriptionFor: (serialNumber: string) => `Fixture ${serialNumber}`,
  package: 'Package',
  expiryDate: 'Expiry Date',
  includedNoExpiry: 'The Included package does not expire.',
  deleteConfirm: (serialNumber: string) => `Are you sure you want to delete ${serialNumber}?`,
  create: 'Create',
  save: 'Save',
  cancel: 'Cancel',
  yes: 'Yes',
  no: 'No',

  // Targets (back-office §2.8).
  targetName: 'Target Name',
  targetId: 'Target ID',
  packageIndex: 'Package Index',
  packageName: 'Package Name',
  editTarget: 'Edit Target',
  deleteTarget: 'Delete Target',
  createNewTarget: 'Create New Target',
  modifyTarget: 'Modify Target',
  targetIdHint: 'A whole number, 0 or more.',
  targetFor: (targetName: string) => `Target ${targetName}`,
  deleteTargetConfirm: (targetName: string) => `Are you sure you want to delete the target ${targetName}?`,

  // Snackbar (back-office §8 table), 10 s with CLOSE (§2.8, §9): the console's snackbar says CLOSE.
  fixtureAlreadyExists: (serialNumber: string) => `EZ ADAS fixture ${serialNumber} already exists`,
  fixtureCreated: (serialNumber: string) => `EZ ADAS fixture ${serialNumber} was created`,
  fixtureCreationFailed: 'EZ ADAS fixture creation failed',
  fixtureReset: (serialNumber: string) => `EZ ADAS fixture ${serialNumber} reset`,
  fixtureHasNoActivations: (serialNumber: string) => `EZ ADAS fixture ${serialNumber} has no activations`,
  fixtureResetFailed: 'EZ ADAS fixture reset failed',
  subscriptionUpdated: (serialNumber: string) => `EZ ADAS ${serialNumber} subscription updated`,
  fixtureDoesNotExist: (serialNumber: string) => `EZ ADAS fixture ${serialNumber} does not exist`,
  subscriptionFailed: 'EZ ADAS update subscription failed',
  targetCreated: (targetName: string) => `EZ ADAS target ${targetName} created`,
  targetCreationFailed: 'EZ ADAS target creation failed',
  targetUpdated: (targetName: string) => `EZ ADAS ${targetName} target updated`,
  targetDoesNotExist: (targetName: string) => `EZ ADAS target ${targetName} does not exist`,
  targetUpdateFailed: 'EZ ADAS update target failed',
  // Deletions have no §8 text (their "failure display is not shown"); these are ours, in the same words.
  fixtureDeleted: (serialNumber: string) => `EZ ADAS fixture ${serialNumber} deleted`,
  targetDeleted: (targetName: string) => `EZ ADAS target ${targetName} deleted`,
} as const;
