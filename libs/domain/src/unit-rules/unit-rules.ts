import type { LogLevel } from '../constants/constants';

/**
 * The level RAISE/LOWER LOG LEVEL switches a unit to (console-core §4): WARN raises to INFO; any other
 * level lowers to WARN.
 */
export function nextLogLevel(current: string | null | undefined): LogLevel {
  return current === 'WARN' ? 'INFO' : 'WARN';
}

/** Whether a voltages report's reading is within its range (console-core §3: green when Min <= Actual <= Max, red otherwise). */
export function isVoltageInRange(parameter: { Actual: number; Min: number; Max: number }): boolean {
  return parameter.Actual >= parameter.Min && parameter.Actual <= parameter.Max;
}

/** Whether a voltages report has a reading out of its range (a unit that a scenario gave voltage trouble). */
export function hasVoltageOutOfRange(report: {
  boards: readonly { Parameters: readonly { Actual: number; Min: number; Max: number }[] }[];
}): boolean {
  return report.boards.some((board) => board.Parameters.some((p) => !isVoltageInRange(p)));
}
