/**
 * A unit's updater state (console-core §3, §4) as the units table keeps it: the state name with the
 * download and install progress that goes with it.
 */
import type { KnownUpdateState } from '@equipment-dashboard/domain';
import type { Rng, Weighted } from '../core/random';
import type { SoftwareRelease } from './releases';

interface DownloadProgress {
  currentFile: string;
  filesTransferred: number;
  totalFilesToTransfer: number;
  fileProgress: {
    bytesTransferred: number;
    progress: number;
    transferRate: number;
    estimatedTimeRemaining: number;
  };
}

/** A type alias, not an interface, so that it fits the column's `Record<string, unknown>`. */
export type UnitUpdateState = {
  state: string;
  softwareUpdateDownload: { version: { semantic: string } } | null;
  downloading: boolean;
  downloadProgress: { software: DownloadProgress | null; specs: DownloadProgress | null };
  installing: boolean;
  installProgress: { progress: number; currentStep: string } | null;
};

const INSTALL_STEPS = [
  'Verifying packages',
  'Stopping services',
  'Writing system image',
  'Migrating settings',
];

/** Nothing downloading, nothing installing. */
export function idleUpdateState(state: string): UnitUpdateState {
  return {
    state,
    softwareUpdateDownload: null,
    downloading: false,
    downloadProgress: { software: null, specs: null },
    installing: false,
    installProgress: null,
  };
}

function progress(rng: Rng, files: string[]): DownloadProgress {
  const total = files.length;
  const transferred = rng.int(0, total - 1);
  const size = rng.int(20, 600) * 1024 * 1024;
  const percent = Math.round(rng.float(1, 99) * 10) / 10;
  const rate = rng.int(150, 4000) * 1024;
  const bytes = Math.round((size * percent) / 100);
  return {
    currentFile: files[transferred] ?? files[0] ?? 'update.tar',
    filesTransferred: transferred,
    totalFilesToTransfer: total,
    fileProgress: {
      bytesTransferred: bytes,
      progress: percent,
      transferRate: rate,
      estimatedTimeRemaining: Math.round((size - bytes) / rate),
    },
  };
}

function softwareFiles(release: SoftwareRelease): string[] {
  const base = `${release.family}-${release.semantic}`;
  return [`${base}/manifest.json`, `${base}/rootfs.img.gz`, `${base}/apps.tar.gz`, `${base}/firmware.bin`];
}

function specFiles(specsName: string): string[] {
  return [`specs/${specsName}/vehicles.db`, `specs/${specsName}/targets.db`, `specs/${specsName}/images.pak`];
}

/** A staged unit: waiting to download, downloading, or further along. */
export function stagedUpdateState(
  rng: Rng,
  release: SoftwareRelease,
  connected: boolean,
  specsName: string | null,
): UnitUpdateState {
  const state = connected
    ? rng.weighted<KnownUpdateState>([
        ['READY_TO_DOWNLOAD', 35],
        ['DOWNLOADING', 30],
        ['READY_TO_INSTALL', 10],
        ['VALIDATING_UPDATE', 3],
        ['INSTALLING_UPDATE', 4],
        ['TRY_INSERT_UPDATE', 18],
      ])
    : rng.weighted<KnownUpdateState>([
        ['READY_TO_DOWNLOAD', 60],
        ['READY_TO_INSTALL', 10],
        ['TRY_INSERT_UPDATE', 30],
      ]);
  const result = idleUpdateState(state);
  if (state !== 'TRY_INSERT_UPDATE')
    result.softwareUpdateDownload = { version: { semantic: release.semantic } };
  if (state === 'DOWNLOADING') {
    result.downloading = true;
    result.downloadProgress.software = progress(rng, softwareFiles(release));
    if (specsName && rng.chance(0.2)) result.downloadProgress.specs = progress(rng, specFiles(specsName));
  }
  if (state === 'INSTALLING_UPDATE') {
    result.installing = true;
    result.installProgress = { progress: rng.int(3, 97), currentStep: rng.pick(INSTALL_STEPS) };
  }
  return result;
}

/** A unit with nothing staged: mostly idle, some finished an install, a few busy or restarting. */
export function unstagedUpdateState(
  rng: Rng,
  atLatest: boolean,
  connected: boolean,
  specsName: string | null,
): UnitUpdateState {
  if (connected && specsName && rng.chance(0.012)) {
    // A spec data set on its way down, with no software pending.
    const result = idleUpdateState('DOWNLOADING');
    result.downloading = true;
    result.downloadProgress.specs = progress(rng, specFiles(specsName));
    return result;
  }
  const known: Weighted<KnownUpdateState>[] = [
    ['TRY_INSERT_UPDATE', 88],
    ['INSTALLATION_COMPLETE', atLatest ? 14 : 0],
    ['TRY_INSERT_DIFFERENT_UPDATE', 3],
    ['BUSY', connected ? 2 : 0],
    ['SYSMAN_RESTART', connected ? 0.5 : 0],
  ];
  const state = rng.weighted(known);
  return idleUpdateState(state);
}
