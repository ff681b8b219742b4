import type { Family } from '@equipment-dashboard/domain';
import type { UpdateState } from '@equipment-dashboard/contract';
import type { Rng } from '../core/random';
import {
  IDLE_STATE,
  type DownloadTrack,
  type FlowPhase,
  type TargetVersion,
  type UnitRuntime,
  type UpdateFlow,
} from './unit-runtime';

const MB = 1024 * 1024;
const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Package sizes per family: software then specs, each a number of files. */
const PACKAGES: Record<
  Family,
  { software: [bytes: number, files: number]; specs: [bytes: number, files: number] }
> = {
  aligner: { software: [1400 * MB, 120], specs: [180 * MB, 24] },
  gtps: { software: [420 * MB, 40], specs: [60 * MB, 8] },
  'aligner-oasis': { software: [800 * MB, 64], specs: [120 * MB, 16] },
};

/** How the updater behaves, in simulated time. */
export const FLOW_TIMING = {
  /** A connected updater checks the cloud this often; a pending download starts at the next check. */
  checkInterval: 15 * MINUTE,
  validating: 45 * SECOND,
  /** Without Install Updates, a ready unit installs on its own after this long. */
  autoInstallAfter: 60 * MINUTE,
  installing: 6 * MINUTE,
  restarting: 90 * SECOND,
  /** Check Cloud on a unit with nothing pending shows Busy this long. */
  busy: 20 * SECOND,
} as const;

/** The updater state label key of each phase (console-core §4). */
export const PHASE_STATE: Record<FlowPhase, string> = {
  pending: 'READY_TO_DOWNLOAD',
  downloading: 'DOWNLOADING',
  validating: 'VALIDATING_UPDATE',
  readyToInstall: 'READY_TO_INSTALL',
  installing: 'INSTALLING_UPDATE',
  restarting: 'SYSMAN_RESTART',
  complete: 'INSTALLATION_COMPLETE',
};

function track(bytes: number, files: number, rate: number): DownloadTrack {
  return { totalBytes: bytes, bytesTransferred: 0, totalFiles: files, rate };
}

/** A new flow for a staged version (desired revision `rev`): pending until the updater's next check. */
export function startFlow(
  target: TargetVersion,
  rev: number,
  family: Family,
  now: number,
  random: Rng,
): UpdateFlow {
  const pkg = PACKAGES[family];
  // 1.2 to 3.2 MB/s: a 1.4 GB aligner package takes 7 to 20 minutes.
  const rate = Math.round((1.2 + random.next() * 2) * MB);
  return {
    target,
    rev,
    phase: 'pending',
    phaseStartedAt: now,
    software: track(pkg.software[0], pkg.software[1], rate),
    specs: track(pkg.specs[0], pkg.specs[1], rate),
    installProgress: 0,
    hung: false,
    nextCheckAt: now + random.int(0, FLOW_TIMING.checkInterval),
  };
}

function enter(flow: UpdateFlow, phase: FlowPhase, at: number): void {
  flow.phase = phase;
  flow.phaseStartedAt = at;
}

/** Starts the download now if one is pending (Check Cloud and Download Updates on a connected unit). */
export function beginDownload(flow: UpdateFlow, now: number): boolean {
  if (flow.phase !== 'pending') return false;
  enter(flow, 'downloading', now);
  return true;
}

/** Starts installing now if the download is done (Install Updates). */
export function beginInstall(flow: UpdateFlow, now: number): boolean {
  if (flow.phase !== 'readyToInstall') return false;
  enter(flow, 'installing', now);
  flow.installProgress = 0;
  return true;
}

/** Moves bytes of the current download; returns the simulated ms left over once both are done. */
function transfer(flow: UpdateFlow, ms: number): number {
  let left = ms;
  for (const part of [flow.software, flow.specs]) {
    const remaining = part.totalBytes - part.bytesTransferred;
    if (remaining <= 0) continue;
    const possible = (part.rate * left) / SECOND;
    if (possible < remaining) {
      part.bytesTransferred += Math.floor(possible);
      return 0;
    }
    part.bytesTransferred = part.totalBytes;
    left -= (remaining / part.rate) * SECOND;
  }
  return left;
}

/**
 * Advances a flow from `from` to `to` (simulated ms). Downloads and installs move only while the
 * unit is connected; a hung download does not move at all. Answers true when the phase changed.
 */
export function advanceFlow(flow: UpdateFlow, connected: boolean, from: number, to: number): boolean {
  const startPhase = flow.phase;
  let t = from;
  // A handful of phases at most per call: each iteration either ends a phase or uses up the time.
  for (let guard = 0; guard < 10 && t < to; guard++) {
    switch (flow.phase) {
      case 'pending': {
        if (!connected) return flow.phase !== startPhase;
        if (flow.nextCheckAt > to) return flow.phase !== startPhase;
        t = Math.max(t, flow.nextCheckAt);
        enter(flow, 'downloading', t);
        break;
      }
      case 'downloading': {
        if (!connected || flow.hung) return flow.phase !== startPhase;
        const spare = transfer(flow, to - t);
        if (spare <= 0) return flow.phase !== startPhase;
        t = to - spare;
        enter(flow, 'validating', t);
        break;
      }
      case 'validating': {
        const end = flow.phaseStartedAt + FLOW_TIMING.validating;
        if (end > to) return flow.phase !== startPhase;
        t = end;
        enter(flow, 'readyToInstall', t);
        break;
      }
      case 'readyToInstall': {
        const end = flow.phaseStartedAt + FLOW_TIMING.autoInstallAfter;
        if (!connected || end > to) return flow.phase !== startPhase;
        t = end;
        enter(flow, 'installing', t);
        flow.installProgress = 0;
        break;
      }
      case 'installing': {
        const end = flow.phaseStartedAt + FLOW_TIMING.installing;
        flow.installProgress = Math.min(
          100,
          Math.round(((Math.min(to, end) - flow.phaseStartedAt) / FLOW_TIMING.installing) * 100),
        );
        if (end > to) return flow.phase !== startPhase;
        t = end;
        enter(flow, 'restarting', t);
        break;
      }
      case 'restarting': {
        const end = flow.phaseStartedAt + FLOW_TIMING.restarting;
        if (end > to) return flow.phase !== startPhase;
        t = end;
        enter(flow, 'complete', t);
        break;
      }
      case 'complete':
        return flow.phase !== startPhase;
    }
  }
  return flow.phase !== startPhase;
}

function progressOf(part: DownloadTrack, label: string, hung: boolean) {
  const fileSize = part.totalBytes / part.totalFiles;
  const filesTransferred = Math.min(part.totalFiles, Math.floor(part.bytesTransferred / fileSize));
  const current = Math.min(part.totalFiles, filesTransferred + 1);
  const inFile = part.bytesTransferred - filesTransferred * fileSize;
  const rate = hung ? 0 : part.rate;
  const left = part.totalBytes - part.bytesTransferred;
  return {
    currentFile: `${label}-${String(current).padStart(3, '0')}.pkg`,
    filesTransferred,
    totalFilesToTransfer: part.totalFiles,
    fileProgress: {
      bytesTransferred: Math.floor(inFile),
      progress: Math.round((part.bytesTransferred / part.totalBytes) * 1000) / 10,
      transferRate: rate,
      // A hung transfer has no end in sight; the updater reports the time it has been waiting.
      estimatedTimeRemaining: rate > 0 ? Math.ceil(left / rate) : 0,
    },
  };
}

/** The updateState object of console-core §3 for a unit at `now`. */
export function updateStateOf(unit: UnitRuntime, now: number): UpdateState {
  const flow = unit.flow;
  if (!flow) {
    const busy = unit.busyUntil !== null && unit.busyUntil > now;
    return {
      state: busy ? 'BUSY' : unit.idleState || IDLE_STATE,
      softwareUpdateDownload: null,
      downloading: false,
      downloadProgress: { software: null, specs: null },
      installing: false,
      installProgress: null,
    };
  }
  const downloading = flow.phase === 'downloading';
  const softwareDone = flow.software.bytesTransferred >= flow.software.totalBytes;
  return {
    state: PHASE_STATE[flow.phase],
    softwareUpdateDownload: { version: { semantic: flow.target.semantic } },
    downloading,
    downloadProgress: {
      software: downloading && !softwareDone ? progressOf(flow.software, 'software', flow.hung) : null,
      specs: downloading && softwareDone ? progressOf(flow.specs, 'specs', flow.hung) : null,
    },
    installing: flow.phase === 'installing',
    installProgress:
      flow.phase === 'installing'
        ? { progress: flow.installProgress, currentStep: installStep(flow.installProgress) }
        : null,
  };
}

function installStep(progress: number): string {
  if (progress < 20) return 'Unpacking';
  if (progress < 70) return 'Installing packages';
  if (progress < 95) return 'Migrating data';
  return 'Finishing';
}
