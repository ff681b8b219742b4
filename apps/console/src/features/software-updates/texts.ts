import { FAMILY_LABELS, type Family } from '@equipment-dashboard/domain';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Texts of Software Versions (back-office §2.2, §8). The quoted texts of the spec (button labels, the
 * schedule dialog's sentences) are letter for letter; the other words are ours.
 */
export const SOFTWARE_TEXTS = {
  title: 'Software Versions',
  tabs: { aligner: 'Aligners', gtps: 'Tru-Point', 'aligner-oasis': 'Aligners-Oasis' } satisfies Record<
    Family,
    string
  >,
  /** A tab title with the family's latest version and its meta (back-office §2.2). */
  tabTitle: (tab: string, latest: string | null) => (latest ? `${tab} ${latest}` : tab),

  // Cards.
  stagedUpdates: 'Staged Updates',
  staged: 'Staged',
  readyToDownload: 'Ready to download',
  stagedChart: (family: Family) => `Staged ${FAMILY_LABELS[family]} updates by version`,
  nothingStaged: 'Nothing staged',
  installedVersions: 'Installed Versions',
  atLatest: 'At the latest version',
  atLatestOfTotal: (atLatest: number, total: number) => `${count(atLatest)} / ${count(total)}`,
  latestIs: (version: string) => `Latest: ${version}`,
  noLatest: 'No release yet',
  installedChart: (family: Family) => `Installed ${FAMILY_LABELS[family]} versions`,
  installedEmpty: 'No version with more than one unit',
  units: 'Units',
  notAvailable: 'Not available right now.',

  // Buttons (back-office §2.2), letter for letter.
  createUpdate: (family: Family) => `Create ${FAMILY_LABELS[family]} Update`,
  scheduleUpdates: 'Schedule Aligner Updates',

  // Create update dialog.
  manifestVerified: 'A manifest.json file was found and verified at this path.',
  updateVersion: (version: string) => `This update is version ${version}.`,
  prerequisite: (version: string) =>
    version ? `It requires version ${version} or newer.` : 'It has no prerequisite.',
  confirm: 'Confirm',
  cancel: 'Cancel',
  published: (family: Family, version: string) => `${FAMILY_LABELS[family]} update ${version} is published.`,

  // Schedule dialog (back-office §2.2, §8).
  scheduleVersion: 'Version to stage',
  noAlignerRelease: 'No aligner update has been published yet: there is nothing to schedule.',
  stageOn: 'Stage on',
  alreadyScheduled: (n: number, date: string) => `${count(n)} updates already scheduled for ${date}.`,
  dayLoad: (n: number) => `${count(n)} updates scheduled`,
  serialFilter: 'Serial number filter',
  serialFilterPlaceholder: "e.g. AX1* ('*' matches any characters)",
  search: 'Search',
  aligners: 'aligners found',
  confirmSchedule: (n: number, date: string) =>
    `Click CONFIRM to schedule ${n} updates to be staged on ${date}.`,
  noMatch: 'No aligners match your serial number pattern. Please try a different search.',
  scheduled: (n: number, date: string) => `${count(n)} updates scheduled for ${date}.`,
} as const;
