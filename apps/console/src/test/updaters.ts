import type { UpdateState } from '@equipment-dashboard/contract';

/** A unit's updater with nothing pending; `overrides` set what a test needs. */
export function idleUpdater(overrides: Partial<UpdateState> = {}): UpdateState {
  return {
    state: 'TRY_INSERT_UPDATE',
    softwareUpdateDownload: null,
    downloading: false,
    downloadProgress: { software: null, specs: null },
    installing: false,
    installProgress: null,
    ...overrides,
  };
}

/** An updater downloading `semantic` at `percent` (file 3 of 12 of rootfs.img), and `specs` beside it. */
export function downloading(
  semantic: string,
  percent: number,
  specs: UpdateState['downloadProgress']['specs'] = null,
): UpdateState {
  return idleUpdater({
    state: 'DOWNLOADING',
    softwareUpdateDownload: { version: { semantic } },
    downloading: true,
    downloadProgress: {
      software: {
        currentFile: 'rootfs.img',
        filesTransferred: 3,
        totalFilesToTransfer: 12,
        fileProgress: {
          bytesTransferred: 629_145_600,
          progress: percent,
          transferRate: 2_097_152,
          estimatedTimeRemaining: 432,
        },
      },
      specs,
    },
  });
}
