const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Milliseconds of a duration given as a number of ms or text like '90s', '20m', '1h30m', '2d'. */
export function parseDuration(value: number | string): number {
  if (typeof value === 'number') return value;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)/g)];
  const consumed = parts.map((p) => p[0]).join('');
  if (parts.length === 0 || consumed.replace(/\s/g, '') !== value.replace(/\s/g, '')) {
    throw new RangeError(
      `not a duration: ${JSON.stringify(value)} (use ms, or text like '90s', '20m', '1h30m')`,
    );
  }
  return parts.reduce((sum, [, n, unit]) => sum + Number(n) * UNIT_MS[unit as keyof typeof UNIT_MS], 0);
}
