/**
 * Feature gating by family and version (console-core §5) and the staging rule (console-core §4).
 * The console shows a button only when its gate is open; the server refuses the call otherwise.
 */
import {
  FAMILY_LABELS,
  STAGING_MIN_ALIGNER_VERSION,
  SYSTEM_CLASSES,
  TARGET_CHANGE_CAMERA_COUNT,
  TARGET_CHANGE_SYSTEM_CLASSES,
  type Family,
} from '../constants/constants';
import { isAtLeast, isOlderThan, parseVersion, semanticOf, type VersionLike } from '../version/version';

/** The fields of a unit that gating reads (console-core §3). */
export interface GateUnit {
  /** Equipment family. */
  family: Family;
  /** Installed software version; only its semantic part before `_` or a space counts. */
  version: VersionLike;
  /** System class, e.g. DRAGON or DRAGON_HEADLESS. */
  systemClass?: string | null;
  /** Board features, when the unit reports them. */
  boardFeatures?: { numCameras?: number; numAccel?: number; isDDAligner?: boolean } | null;
  /** Semantic version pending download, or empty. */
  pendingSoftwareDownload?: string | null;
  /** Updater state and the download in progress. */
  updateState?: {
    state?: string | null;
    downloading?: boolean | null;
    softwareUpdateDownload?: { version?: { semantic?: string } | null } | null;
  } | null;
}

/** The latest published software per family (console-core §9: "latest is tracked separately"). */
export type LatestByFamily = Partial<Record<Family, VersionLike | string | null | undefined>>;

/** Which features a unit offers (console-core §5). */
export interface UnitCapabilities {
  /** System Update Status panel and Check Cloud / Download Updates / Install Updates. */
  updateStatus: boolean;
  /** Reset Serial (the role rule is separate: the resetSerial permission). */
  resetSerial: boolean;
  /** Screen Shot button in the detail dialog. */
  screenshot: boolean;
  /** View Screen Shots in the equipment list. */
  screenshotInList: boolean;
  /** Activate. */
  activate: boolean;
  /** RAISE/LOWER LOG LEVEL. */
  loggingLevel: boolean;
  /** Camera count, accelerometer count and DD enabled fields. */
  boardFeatures: boolean;
  /** Specs name with month/year. */
  specsVersion: boolean;
  /** RCP. */
  rcp: boolean;
  /** Change Targets. */
  changeTargets: boolean;
  /** The unit's family and version can be staged at all. */
  stagingSupported: boolean;
  /** Stage {version} is allowed now (see {@link stagingRefusal}). */
  canStage: boolean;
  /** Unstage {version}: a pending download exists. */
  canUnstage: boolean;
  /** The family latest's semantic version that Stage would install, or null when none is known. */
  stageVersion: string | null;
}

/** A gate rule value: the oldest version that opens it, or {@link ALWAYS} for every version. */
const ALWAYS = 'always';

/**
 * The version gates of console-core §5 as data: per feature and family, the oldest version that opens
 * it, or 'always'. Extra conditions (headless, board features, DD, system class) are in
 * {@link unitCapabilities}. Decisions where the spec is silent:
 * - updateStatus for aligner-oasis: 1.0.0 or newer (the spec names aligner and gtps only; oasis
 *   versions count from 1.0.0 like gtps).
 * - boardFeatures, rcp: "5.0.0+" is applied to every family as written, so gtps and oasis (1.x) do not
 *   show them until they reach 5.0.0.
 * - specsVersion for aligner-oasis: 5.0.0 ("others 5.0.0+").
 */
export const VERSION_GATES = {
  updateStatus: { aligner: '4.3.0', gtps: '1.0.0', 'aligner-oasis': '1.0.0' },
  resetSerial: { aligner: '4.3.0', gtps: ALWAYS, 'aligner-oasis': ALWAYS },
  screenshot: { aligner: '4.3.0', gtps: ALWAYS, 'aligner-oasis': ALWAYS },
  screenshotInList: { aligner: '4.3.0', gtps: '1.0.0', 'aligner-oasis': '1.0.0' },
  activate: { aligner: '4.4.0', gtps: ALWAYS, 'aligner-oasis': ALWAYS },
  loggingLevel: { aligner: '5.0.0', gtps: '1.2.0', 'aligner-oasis': '1.0.0' },
  boardFeatures: { aligner: '5.0.0', gtps: '5.0.0', 'aligner-oasis': '5.0.0' },
  specsVersion: { aligner: '5.0.0', gtps: '1.3.0', 'aligner-oasis': '5.0.0' },
  rcp: { aligner: '5.0.0', gtps: '5.0.0', 'aligner-oasis': '5.0.0' },
  staging: { aligner: STAGING_MIN_ALIGNER_VERSION, gtps: ALWAYS, 'aligner-oasis': ALWAYS },
} as const satisfies Record<string, Record<Family, string>>;

/** A feature of {@link VERSION_GATES}. */
export type VersionGate = keyof typeof VERSION_GATES;

/** The semantic part of a unit's version ('' when missing). */
function unitSemantic(unit: Pick<GateUnit, 'version'>): string {
  return semanticOf(unit.version?.semantic ?? '');
}

/**
 * True when the version gate of a feature is open for a family and version (console-core §5). An
 * unknown family never opens a gate; an unreadable version opens only 'always' gates.
 */
export function versionGateOpen(gate: VersionGate, family: string, version: string): boolean {
  const rules: Record<string, string> = VERSION_GATES[gate];
  if (!Object.hasOwn(rules, family)) return false;
  const minimum = rules[family];
  if (minimum === undefined) return false;
  return minimum === ALWAYS || isAtLeast(semanticOf(version), minimum);
}

/** The semantic version of a family's latest, or null when none is known or it cannot be read. */
export function latestSemanticOf(latestByFamily: LatestByFamily, family: string): string | null {
  if (
    latestByFamily === null ||
    typeof latestByFamily !== 'object' ||
    !Object.hasOwn(latestByFamily, family)
  ) {
    return null;
  }
  const latest = latestByFamily[family as Family];
  const raw = typeof latest === 'string' ? latest : (latest?.semantic ?? '');
  const semantic = semanticOf(raw);
  return parseVersion(semantic) === null ? null : semantic;
}

/**
 * Why the unit cannot be staged now, or null when staging is allowed (console-core §4, §5). Staging
 * needs: a family that supports it (plain aligner 4.0.0 or newer; gtps and oasis always); a known
 * latest for the family; the unit below that latest; and no download of the latest or newer already
 * pending (pendingSoftwareDownload) or in progress (updateState.downloading with a
 * softwareUpdateDownload version). Decision: "nothing newer is already pending" is read as "nothing at
 * or above the latest", so an older pending version can be replaced by the latest. The server answers
 * 400 with this text.
 */
export function stagingRefusal(unit: GateUnit, latestByFamily: LatestByFamily): string | null {
  const family = unit.family;
  const current = unitSemantic(unit);
  if (!Object.hasOwn(VERSION_GATES.staging, family)) return `Unknown equipment family "${String(family)}".`;
  const label = FAMILY_LABELS[family];
  if (!versionGateOpen('staging', family, current)) {
    const minimum = VERSION_GATES.staging[family];
    return parseVersion(current) === null
      ? `${label} software version "${current}" cannot be read; staging needs ${minimum} or newer.`
      : `${label} software ${current} is below ${minimum}, the oldest version that supports staging.`;
  }
  const latest = latestSemanticOf(latestByFamily, family);
  if (latest === null) return `No latest ${label} software version is known.`;
  if (!isOlderThan(current, latest)) {
    return isAtLeast(latest, current)
      ? `The unit already runs the latest version ${latest}.`
      : `The unit runs ${current}, which is newer than the latest version ${latest}.`;
  }
  const pending = semanticOf(unit.pendingSoftwareDownload ?? '');
  if (pending !== '' && isAtLeast(pending, latest)) return `Version ${pending} is already pending download.`;
  const downloading = semanticOf(unit.updateState?.softwareUpdateDownload?.version?.semantic ?? '');
  if (unit.updateState?.downloading === true && downloading !== '' && isAtLeast(downloading, latest)) {
    return `Version ${downloading} is already downloading.`;
  }
  return null;
}

/**
 * Every gate of console-core §5 for one unit, using the semantic part of its version, plus the staging
 * rule of §4. Roles are separate: combine with `can(role, permission)`.
 */
export function unitCapabilities(unit: GateUnit, latestByFamily: LatestByFamily): UnitCapabilities {
  const family = unit.family;
  const version = unitSemantic(unit);
  const open = (gate: VersionGate) => versionGateOpen(gate, family, version);
  const features = unit.boardFeatures ?? null;
  const headless = unit.systemClass === SYSTEM_CLASSES.DRAGON_HEADLESS;
  // The headless rule applies to the plain aligner only: gtps and oasis show screenshots regardless.
  const screenshotAllowedClass = family !== 'aligner' || !headless;
  return {
    updateStatus: open('updateStatus'),
    resetSerial: open('resetSerial'),
    screenshot: open('screenshot') && screenshotAllowedClass,
    screenshotInList: open('screenshotInList') && screenshotAllowedClass,
    activate: open('activate'),
    loggingLevel: open('loggingLevel'),
    boardFeatures: open('boardFeatures') && features !== null && typeof features === 'object',
    specsVersion: open('specsVersion'),
    rcp: open('rcp') && features?.isDDAligner === true,
    changeTargets:
      (TARGET_CHANGE_SYSTEM_CLASSES as readonly string[]).includes(unit.systemClass ?? '') &&
      features?.numCameras === TARGET_CHANGE_CAMERA_COUNT,
    stagingSupported: open('staging'),
    canStage: stagingRefusal(unit, latestByFamily) === null,
    canUnstage: semanticOf(unit.pendingSoftwareDownload ?? '') !== '',
    stageVersion: latestSemanticOf(latestByFamily, family),
  };
}
