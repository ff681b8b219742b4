/** Version strings as units report them, and the sort key the units table keeps. */
import { parseVersion, type Family } from '@equipment-dashboard/domain';

/**
 * The `version_order` column: major*1,000,000 + minor*1,000 + patch of the semantic part (the text
 * before the first '_' or space), or -1 when it cannot be read or does not fit the key.
 */
export function versionOrder(version: string): number {
  const parsed = parseVersion(version);
  const match = parsed === null ? null : /^(\d+)\.(\d+)\.(\d+)/.exec(parsed);
  if (!match) return -1;
  const [major, minor, patch] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (major > 2000 || minor > 999 || patch > 999) return -1;
  return major * 1_000_000 + minor * 1_000 + patch;
}

/** Strings that real units do report: hotfix and release-candidate builds, and no version at all. */
export const ODD_VERSIONS: Record<Family, readonly string[]> = {
  aligner: ['5.1.0_hotfix', '5.3.0_rc2', '4.4.1 beta', '5.2.0-beta.3', 'unknown'],
  gtps: ['1.2.0_hotfix', '1.4.0_rc1', 'unknown'],
  'aligner-oasis': ['2.0.0_rc1', '1.9.0_hotfix', 'unknown'],
};
