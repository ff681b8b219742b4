/**
 * The sort key kept in `units.version_order`: major*1e6 + minor*1e3 + patch of a semantic version,
 * -1 when it does not parse, so the list sorts and filters by version in SQL with an index.
 */
export function versionOrder(semantic: string): number {
  const match = /^(\d{1,3})\.(\d{1,3})(?:\.(\d{1,3}))?/.exec(semantic.trim());
  if (!match) return -1;
  return Number(match[1]) * 1_000_000 + Number(match[2]) * 1_000 + Number(match[3] ?? 0);
}
