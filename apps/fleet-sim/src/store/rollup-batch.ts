import type { EventCounts, RollupRow } from './repos/rollups-repo';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The UTC day (`YYYY-MM-DD`) of an instant. */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** Milliseconds at the start of a UTC day (`YYYY-MM-DD`). */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

const hours = () => new Array<number>(24).fill(0);

/** Units of one family, country and version at a sample, and how many were connected. */
export interface SampledCell {
  family: string;
  countryCode: string;
  versionSemantic: string;
  units: number;
  connected: number;
}

/**
 * Rollup rows being built (by the rollups job's pass, the demo world's history, a scenario's): samples and counted
 * events go into the row of their UTC day, family, country and version, hour by hour, and sampled minutes into the
 * coverage of their hours. Written with rollups-repo's `writeRollups` and `writeCoverage`.
 */
export class RollupBatch {
  private readonly byKey = new Map<string, RollupRow>();
  private readonly minutesByDay = new Map<string, number[]>();

  /** The row of a day, family, country and version (made empty on first use). */
  row(day: string, family: string, countryCode: string, version: string): RollupRow {
    const key = `${day}\u0000${family}\u0000${countryCode}\u0000${version}`;
    let row = this.byKey.get(key);
    if (!row) {
      row = { day, family, countryCode, version };
      this.byKey.set(key, row);
    }
    return row;
  }

  /** The coverage of a day (minutes sampled per hour). */
  minutesOf(day: string): number[] {
    let minutes = this.minutesByDay.get(day);
    if (!minutes) this.minutesByDay.set(day, (minutes = hours()));
    return minutes;
  }

  /**
   * Adds what the cells held over [from, to) (simulated ms): each cell's units and connected units times the
   * minutes of each hour the span covers, and those minutes to the hours' coverage.
   */
  addSample(from: number, to: number, cells: readonly SampledCell[]): void {
    for (let start = from; start < to;) {
      const hourEnd = Math.floor(start / HOUR_MS) * HOUR_MS + HOUR_MS;
      const end = Math.min(hourEnd, to);
      const minutes = (end - start) / MINUTE_MS;
      const day = utcDay(start);
      const hour = new Date(start).getUTCHours();
      (this.minutesOf(day)[hour] as number) += minutes;
      for (const cell of cells) {
        if (cell.units <= 0) continue;
        const row = this.row(day, cell.family, cell.countryCode, cell.versionSemantic);
        const units = (row.unitMinutes ??= hours());
        const connected = (row.connectedMinutes ??= hours());
        units[hour] = (units[hour] as number) + cell.units * minutes;
        connected[hour] = (connected[hour] as number) + cell.connected * minutes;
      }
      start = end;
    }
  }

  /** Adds counted events (their hour's start in ms) to their rows. */
  addEvents(counts: readonly EventCounts[]): void {
    for (const c of counts) {
      const day = utcDay(c.hour);
      const hour = new Date(c.hour).getUTCHours();
      const row = this.row(day, c.family, c.countryCode, c.version);
      const add = (
        field: 'updatesStarted' | 'updatesSucceeded' | 'updatesFailed' | 'alertsFired' | 'ticketsOpened',
        n: number,
      ) => {
        if (n === 0) return;
        const values = (row[field] ??= hours());
        values[hour] = (values[hour] as number) + n;
      };
      add('updatesStarted', c.updatesStarted);
      add('updatesSucceeded', c.updatesSucceeded);
      add('updatesFailed', c.updatesFailed);
      add('alertsFired', c.alertsFired);
      add('ticketsOpened', c.ticketsOpened);
      for (const [kind, n] of Object.entries(c.alertsByKind)) {
        if (n === 0) continue;
        row.alertsByKind ??= {};
        row.alertsByKind[kind] = (row.alertsByKind[kind] ?? 0) + n;
      }
    }
  }

  /** The rows built, in key order (so that two writers lock rows in one order). */
  rows(): RollupRow[] {
    return [...this.byKey.values()].sort(
      (a, b) =>
        cmp(a.family, b.family) ||
        cmp(a.countryCode, b.countryCode) ||
        cmp(a.day, b.day) ||
        cmp(a.version, b.version),
    );
  }

  /** The coverage built, by day. */
  coverage(): { day: string; minutes: number[] }[] {
    return [...this.minutesByDay.entries()]
      .sort(([a], [b]) => cmp(a, b))
      .map(([day, minutes]) => ({ day, minutes }));
  }

  get size(): number {
    return this.byKey.size;
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
