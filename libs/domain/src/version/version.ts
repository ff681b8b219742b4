/**
 * Software versions (console-core §3, §5, §9): the semantic part of a version string, a total order
 * that follows semver, the "older than latest" rule and the version label and colour.
 */
import semver from 'semver';

/** A version as the server sends it: `version{semantic, meta}` (console-core §3). */
export interface VersionLike {
  /** The semantic version, e.g. `5.2.0` (may carry a suffix after `_` or a space). */
  semantic: string;
  /** Free text shown after the semantic version, e.g. a build name. */
  meta?: string | null;
}

/** The colour of a version chip (console-core §9, back-office §2.4). */
export type VersionColour = 'green' | 'red';

/** Versions that are 1 or 2 numeric parts (`4`, `4.3`, `4.3-beta`): padded to x.y.0 as semver does when coercing. */
const SHORT_VERSION = /^v?\d+(\.\d+)?(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

/**
 * The semantic part of a version: the text before the first underscore or whitespace, trimmed
 * (console-core §5: "using the semantic part of the version before the first underscore or space").
 * Any non-string gives ''.
 */
export function semanticOf(version: string): string {
  if (typeof version !== 'string') return '';
  const trimmed = version.trim();
  const cut = trimmed.search(/[_\s]/);
  return cut === -1 ? trimmed : trimmed.slice(0, cut);
}

/**
 * Parses a version to a normalised semver string, or null when it cannot be read.
 *
 * Choice (the spec is silent): a full semver (`5.0.0`, `5.0.0-beta`, `v5.0.0`) is read as it is, so a
 * pre-release sorts below its release (`5.0.0-beta` < `5.0.0`); a short version of one or two numbers
 * (`4`, `4.3`, `4.3-beta`) is padded with zeros (`4.3` = `4.3.0`). Anything else — four numbers, words,
 * numbers buried in text — is unparsable: we do not guess (semver.coerce would read `abc4.3` as 4.3.0).
 */
export function parseVersion(version: string): string | null {
  const semantic = semanticOf(version);
  if (semantic === '') return null;
  const strict = semver.valid(semantic);
  if (strict !== null) return strict;
  if (SHORT_VERSION.test(semantic)) {
    const coerced = semver.coerce(semantic, { includePrerelease: true });
    return coerced === null ? null : coerced.version;
  }
  return null;
}

/** True when {@link parseVersion} can read the version. */
export function isParsableVersion(version: string): boolean {
  return parseVersion(version) !== null;
}

/**
 * Compares two versions by their semantic part (console-core §9; CONVENTIONS: semver, never strings,
 * so 2.10.0 > 2.9.0). Returns -1, 0 or 1.
 *
 * The order is total: every parsable version follows semver (build metadata ignored, so `1.0.0+a`
 * equals `1.0.0`); any unparsable version is older than every parsable one; two unparsable versions
 * compare as plain strings.
 */
export function compareVersions(a: string, b: string): number {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  if (pa !== null && pb !== null) return semver.compare(pa, pb);
  if (pa !== null) return 1;
  if (pb !== null) return -1;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/**
 * The order in which versions are listed (charts, figures): by {@link compareVersions}, then versions of one semantic
 * part (`5.1.0`, `5.1.0_hotfix`) by their text, so that a list comes out in one order whatever order it was built in.
 */
export function compareVersionsListed(a: string, b: string): number {
  return compareVersions(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * True when `version` is older than `latest` (console-core §2: red "if older than the latest for its
 * family"). False when `latest` cannot be read (nothing to compare against); an unparsable `version`
 * against a readable `latest` counts as older, following {@link compareVersions}.
 */
export function isOlderThan(version: string, latest: string): boolean {
  if (parseVersion(latest) === null) return false;
  return compareVersions(version, latest) < 0;
}

/**
 * True when `version` is `minimum` or newer (console-core §5 gates: "4.3.0 or newer"). An unparsable
 * version or minimum gives false: a gate never opens on a version we cannot read.
 */
export function isAtLeast(version: string, minimum: string): boolean {
  if (parseVersion(version) === null || parseVersion(minimum) === null) return false;
  return compareVersions(version, minimum) >= 0;
}

/**
 * The label of a version: `semantic - meta` when meta is non-empty, else the semantic text as sent
 * (console-core §3: "semantic plus ' - meta' when meta exists"). Unparsable versions display raw.
 */
export function versionLabel(v: VersionLike): string {
  const semantic = typeof v?.semantic === 'string' ? v.semantic : '';
  const meta = typeof v?.meta === 'string' ? v.meta.trim() : '';
  return meta === '' ? semantic : `${semantic} - ${meta}`;
}

/**
 * The chip colour of a version (console-core §9, back-office §2.4): red only when the family's latest
 * is known and the version is older than it; green otherwise.
 */
export function versionColour(version: string, latest: string | undefined): VersionColour {
  if (latest === undefined || latest === null) return 'green';
  return isOlderThan(version, latest) ? 'red' : 'green';
}
