import { FAMILIES, semanticOf, type Family, type LogLevel } from '@equipment-dashboard/domain';
import { versionOrder } from '../store/version-order';
import type { RuntimeRow } from '../store/repos/runtime-repo';
import { desiredOf, isPending, type DesiredStaging } from './desired-state';
import { PackedUnit } from './packed-unit';
import { updateStateOf } from './update-flow';
import { IDLE_STATE, type FlowPhase, type UnitRuntime, type UpdateFlow } from './unit-runtime';

/** The engine's own bookkeeping, kept beside the public updater state in `units.update_state`. */
interface PersistedSim {
  flow: UpdateFlow | null;
  flapping: boolean;
  busyUntil: number | null;
}

const PHASE_OF_STATE: Record<string, FlowPhase> = {
  READY_TO_DOWNLOAD: 'pending',
  DOWNLOADING: 'downloading',
  VALIDATING_UPDATE: 'validating',
  READY_TO_INSTALL: 'readyToInstall',
  INSTALLING_UPDATE: 'installing',
  SYSMAN_RESTART: 'restarting',
};

function isFamily(value: string): value is Family {
  return (FAMILIES as readonly string[]).includes(value);
}

/**
 * A flow for a unit whose row has no simulator bookkeeping (the seeded world): rebuilt from the public
 * updater state and its download progress, so a unit seeded "downloading at 45%" goes on from 45%.
 */
function flowFromPublicState(
  row: RuntimeRow,
  desired: DesiredStaging | null,
  now: number,
): UpdateFlow | null {
  const phase = PHASE_OF_STATE[String(row.updateState['state'] ?? '')];
  if (!phase || !isPending(desired, row.stagedRevDone)) return null;
  const semantic = desired.semantic;
  const progress = row.updateState['downloadProgress'] as
    | { software?: { fileProgress?: { progress?: number; transferRate?: number } } | null; specs?: unknown }
    | undefined;
  const percent = Number(progress?.software?.fileProgress?.progress ?? 0);
  const rate = Number(progress?.software?.fileProgress?.transferRate ?? 0) || 2 * 1024 * 1024;
  const softwareBytes = 1400 * 1024 * 1024;
  return {
    target: { semantic, meta: desired.meta, path: desired.path ?? `/updates/${row.family}/${semantic}` },
    rev: row.flowRev ?? desired.rev,
    phase,
    phaseStartedAt: now,
    software: {
      totalBytes: softwareBytes,
      bytesTransferred:
        phase === 'downloading'
          ? Math.floor((softwareBytes * Math.min(100, percent)) / 100)
          : phase === 'pending'
            ? 0
            : softwareBytes,
      totalFiles: 120,
      rate,
    },
    specs: {
      totalBytes: 180 * 1024 * 1024,
      bytesTransferred: phase === 'pending' || phase === 'downloading' ? 0 : 180 * 1024 * 1024,
      totalFiles: 24,
      rate,
    },
    installProgress: 0,
    hung: false,
    nextCheckAt: now,
  };
}

/**
 * One string for each distinct value of the stagings' fields (a unit's own fields are codes in its columns): the
 * store gives each row fresh strings, and a copy per staged unit of "5.4.1" adds up.
 */
const interned = new Map<string, string>();
export function intern(value: string): string;
export function intern(value: string | null): string | null;
export function intern(value: string | null): string | null {
  if (value === null) return null;
  let shared = interned.get(value);
  if (shared === undefined) {
    if (interned.size > 100_000) interned.clear();
    interned.set(value, (shared = value));
  }
  return shared;
}

/** The update flow a stored unit goes on with: the simulator's bookkeeping, else rebuilt from its public state. */
export function flowOfRow(row: RuntimeRow, desired: DesiredStaging | null, now: number): UpdateFlow | null {
  const sim = row.updateState['sim'] as PersistedSim | undefined;
  return sim
    ? sim.flow && { ...sim.flow, rev: row.flowRev ?? sim.flow.rev ?? 0 }
    : flowFromPublicState(row, desired, now);
}

export function runtimeFromRow(row: RuntimeRow, now: number): PackedUnit | null {
  if (!isFamily(row.family)) return null;
  const sim = row.updateState['sim'] as PersistedSim | undefined;
  const desired = desiredOf(row.desired, intern);
  const flow = flowOfRow(row, desired, now);
  const publicState = String(row.updateState['state'] ?? IDLE_STATE);
  return new PackedUnit({
    serialNumber: row.serialNumber,
    shard: row.shard,
    family: row.family,
    versionSemantic: row.versionSemantic,
    versionMeta: row.versionMeta,
    specsName: row.specs?.name ?? null,
    systemClass: row.systemClass,
    numCameras: row.boardFeatures?.numCameras ?? null,
    isDDAligner: row.boardFeatures ? Boolean(row.boardFeatures.isDDAligner) : null,
    logLevel: row.logLevel === 'INFO' ? 'INFO' : ('WARN' as LogLevel),
    targetType: row.targetType,
    countryCode: row.countryCode,
    connected: row.connected,
    connectCount: row.connectCount,
    port: row.port,
    address: row.address,
    currentProcedure: row.currentProcedure,
    alignmentCount: row.alignmentCount,
    desired,
    stagedRevDone: row.stagedRevDone,
    flow,
    // A stored flow state with no flow behind it (nothing staged to go on with) reads as idle.
    idleState: flow || publicState === 'BUSY' || PHASE_OF_STATE[publicState] ? IDLE_STATE : publicState,
    busyUntil: sim?.busyUntil ?? null,
    lastSeenOnlineAt: row.lastSeenOnlineAt?.getTime() ?? null,
    sshPortOpenUntil: row.sshPortOpenUntil?.getTime() ?? null,
    flapping: sim?.flapping ?? false,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  });
}

/** What the write-behind stores for a unit: the public updater state plus the engine's bookkeeping. */
export function storedUpdateState(unit: UnitRuntime, now: number): Record<string, unknown> {
  const sim: PersistedSim = { flow: unit.flow, flapping: unit.flapping, busyUntil: unit.busyUntil };
  return { ...updateStateOf(unit, now), sim };
}

export function versionOrderOf(unit: UnitRuntime): number {
  return versionOrder(semanticOf(unit.versionSemantic));
}
