import type { VoltagesReport } from '@equipment-dashboard/contract';
import type { Rng } from '../core/random';
import type { UnitRuntime } from './unit-runtime';

const BOARDS: Record<string, [name: string, min: number, max: number][]> = {
  'Main Board': [
    ['VCC 3.3V', 3.2, 3.4],
    ['VCC 5V', 4.85, 5.15],
    ['VCC 12V', 11.6, 12.4],
    ['Battery', 2.8, 3.3],
  ],
  'Camera Board Left': [
    ['VCC 3.3V', 3.2, 3.4],
    ['VCC 1.8V', 1.75, 1.85],
    ['Strobe', 23.5, 24.5],
  ],
  'Camera Board Right': [
    ['VCC 3.3V', 3.2, 3.4],
    ['VCC 1.8V', 1.75, 1.85],
    ['Strobe', 23.5, 24.5],
  ],
};

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * A voltages report (console-core §3): each board's parameters with Actual, Min and Max. Normally
 * in range; `outOfRange` (scenario "voltages out of range") pushes some readings outside.
 */
export function voltagesReport(rng: Rng, now: number, outOfRange: boolean): VoltagesReport {
  return {
    createdAt: new Date(now).toISOString(),
    boards: Object.entries(BOARDS).map(([BoardName, params]) => ({
      BoardName,
      Parameters: params.map(([Name, Min, Max]) => {
        const span = Max - Min;
        const bad = outOfRange && rng.next() < 0.5;
        const Actual = bad
          ? rng.next() < 0.5
            ? Min - span * rng.float(0.2, 1)
            : Max + span * rng.float(0.2, 1)
          : Min + span * rng.float(0.1, 0.9);
        return { Name, Actual: round(Actual), Min, Max };
      }),
    })),
  };
}

export function usbStatus(unit: UnitRuntime, rng: Rng): string {
  const lines = [
    `USB status of ${unit.serialNumber}`,
    `Bus 001 Device 001: root hub ${rng.next() < 0.9 ? 'OK' : 'RESET'}`,
    `Bus 001 Device 002: camera controller left ${rng.next() < 0.95 ? 'connected, 480 Mb/s' : 'NOT DETECTED'}`,
    `Bus 001 Device 003: camera controller right ${rng.next() < 0.95 ? 'connected, 480 Mb/s' : 'NOT DETECTED'}`,
    `Bus 002 Device 001: license dongle ${rng.next() < 0.97 ? 'present' : 'missing'}`,
  ];
  return lines.join('\n');
}

export function printerStatus(unit: UnitRuntime, rng: Rng): string {
  const state = rng.next() < 0.85 ? 'idle' : rng.next() < 0.5 ? 'out of paper' : 'offline';
  return [
    `Printer status of ${unit.serialNumber}`,
    `Default printer: HP LaserJet Pro M404`,
    `State: ${state}`,
    `Jobs queued: ${state === 'idle' ? 0 : rng.int(1, 4)}`,
    `Toner: ${rng.int(5, 100)}%`,
  ].join('\n');
}

export function calibrationLogs(unit: UnitRuntime, rng: Rng, now: number): string {
  const lines: string[] = [];
  for (let i = 0; i < 5; i++) {
    const at = new Date(now - (5 - i) * 86_400_000).toISOString();
    lines.push(
      `${at} calibration ${rng.next() < 0.9 ? 'passed' : 'failed'} RMS=${rng.float(0.01, 0.2).toFixed(3)}`,
    );
  }
  return [`Calibration log of ${unit.serialNumber}`, ...lines].join('\n');
}
