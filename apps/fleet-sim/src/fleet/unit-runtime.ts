import type { Family, LogLevel } from '@equipment-dashboard/domain';
import type { ReportedConnection } from '../store/repos/runtime-repo';
import type { DesiredStaging } from './desired-state';

/** A version a unit is moving to: what staging or a schedule gave it. */
export interface TargetVersion {
  semantic: string;
  meta: string;
  path: string;
}

/** Progress of one download (software or specs), in the units of console-core §3. */
export interface DownloadTrack {
  totalBytes: number;
  bytesTransferred: number;
  totalFiles: number;
  /** Bytes per second while transferring. */
  rate: number;
}

export type FlowPhase =
  'pending' | 'downloading' | 'validating' | 'readyToInstall' | 'installing' | 'restarting' | 'complete';

/** Where a unit is in the update flow of console-core §4 (pending → ... → install complete). */
export interface UpdateFlow {
  target: TargetVersion;
  /** The desired revision this flow serves (0 for a flow no staging asked for). */
  rev: number;
  phase: FlowPhase;
  /** Simulated ms when the phase began. */
  phaseStartedAt: number;
  software: DownloadTrack;
  specs: DownloadTrack;
  /** 0-100 while installing. */
  installProgress: number;
  /** A hung download makes no progress (scenario "hung downloads"). */
  hung: boolean;
  /** When the updater next checks the cloud on its own (a connected unit starts a pending download then). */
  nextCheckAt: number;
}

/**
 * A unit as its simulator holds it: its reported state (written behind to the store, the simulator
 * being its only writer) and the desired staging it last read from the store (the API's).
 */
export interface UnitRuntime extends ReportedConnection {
  serialNumber: string;
  /** The shard of the fleet the unit belongs to (a hash of its serial, computed by the store). */
  shard: number;
  family: Family;
  versionSemantic: string;
  versionMeta: string;
  specsName: string | null;
  systemClass: string;
  numCameras: number | null;
  /** Board features' isDDAligner (RCP needs it, console-core §5); null when the unit reports no board features. */
  isDDAligner: boolean | null;
  logLevel: LogLevel;
  targetType: string | null;
  countryCode: string;
  /** The API's desired staging as last read (null: never staged). */
  desired: DesiredStaging | null;
  /** The desired revision whose update the unit installed (reported). */
  stagedRevDone: number;
  flow: UpdateFlow | null;
  /** The updater state a unit without a flow reports (TRY_INSERT_UPDATE, BUSY, INSTALLATION_COMPLETE ...). */
  idleState: string;
  /** Until when a BUSY idle state lasts (check now on a unit with nothing pending). */
  busyUntil: number | null;
  lastSeenOnlineAt: number | null;
  sshPortOpenUntil: number | null;
  /** A flapping unit connects and drops far more often than others (scenarios). */
  flapping: boolean;
  createdAt: number;
  updatedAt: number;
  /** The unit's place in its pool (connected or offline units; see fleet-state.ts), -1 in none. */
  poolSlot: number;
}

export const IDLE_STATE = 'TRY_INSERT_UPDATE';
