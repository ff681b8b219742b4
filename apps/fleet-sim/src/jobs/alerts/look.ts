import type { Db } from '../../store/database';
import type { UnitIndex } from '../../read-models/unit-index';
import type { World } from '../../read-models/world-feed';
import type { AlertBook } from './alert-book';

/** What a condition reads during one look of the evaluator. */
export interface Look {
  /** Simulated now. */
  now: number;
  book: AlertBook;
  index: UnitIndex;
  db: Db;
  world: World;
}

/** A simulated time as alert summaries show it: "2026-11-26 10:02 UTC". */
export function shownTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The subject key of an alert about a unit. */
export const unitKey = (serialNumber: string): string => `unit:${serialNumber}`;
