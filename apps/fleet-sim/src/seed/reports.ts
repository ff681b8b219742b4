/**
 * What units sent back: the latest voltages, USB and printer reports, screenshots, and the recent
 * command log.
 */
import type { Db } from '../store/database';
import { commands, screenshots, unitReports } from '../store/schema';
import { insertInBatches } from './batch';
import { DAY_MS, MINUTE_MS, shift } from './dates';
import { renderPanel } from './images';
import type { StaffMember } from './people';
import type { Rng } from '../core/random';
import type { UnitSummary } from './units';

/** Report kinds, one row per unit and kind. */
export const REPORT_KINDS = { voltages: 'voltages', usb: 'usb', printer: 'printer' } as const;

interface Parameter {
  Name: string;
  Actual: number;
  Min: number;
  Max: number;
}

const RAILS: readonly { name: string; nominal: number; tolerance: number }[] = [
  { name: '+3.3V', nominal: 3.3, tolerance: 0.05 },
  { name: '+5V', nominal: 5, tolerance: 0.05 },
  { name: '+12V', nominal: 12, tolerance: 0.05 },
  { name: 'VCORE', nominal: 1.2, tolerance: 0.04 },
];

function parameters(rng: Rng, rails: typeof RAILS, outOfRange: string | null): Parameter[] {
  return rails.map((rail) => {
    const min = round(rail.nominal * (1 - rail.tolerance));
    const max = round(rail.nominal * (1 + rail.tolerance));
    let actual: number;
    if (outOfRange === rail.name) {
      // A sagging rail mostly; now and then one running high.
      actual = rng.chance(0.7)
        ? round(min - rng.float(0.01, 0.08) * rail.nominal)
        : round(max + rng.float(0.01, 0.05) * rail.nominal);
    } else {
      actual = round(Math.min(max, Math.max(min, rail.nominal * (1 + rng.normal(0, rail.tolerance / 4)))));
    }
    return { Name: rail.name, Actual: actual, Min: min, Max: max };
  });
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function voltages(rng: Rng, unit: UnitSummary, at: Date) {
  const boards =
    unit.family === 'gtps'
      ? ['Main Board', 'Laser Board']
      : ['Main Board', 'Left Camera Board', 'Right Camera Board'];
  // About one unit in six has a rail out of range on one board.
  const badBoard = rng.chance(0.16) ? rng.pick(boards) : null;
  return {
    createdAt: at.toISOString(),
    boards: boards.map((BoardName) => ({
      BoardName,
      Parameters: parameters(
        rng,
        BoardName === 'Main Board' ? RAILS : RAILS.slice(0, 3),
        BoardName === badBoard ? rng.pick(RAILS.slice(0, 3)).name : null,
      ),
    })),
  };
}

function usbStatus(rng: Rng, unit: UnitSummary): string {
  const lines = [
    'Bus 001 Device 001: ID 1d6b:0002 Linux Foundation 2.0 root hub',
    'Bus 002 Device 001: ID 1d6b:0003 Linux Foundation 3.0 root hub',
  ];
  if (unit.family === 'gtps') lines.push('Bus 001 Device 004: ID 0403:6015 FTDI Laser Controller');
  else {
    lines.push('Bus 001 Device 003: ID 0483:5740 STMicroelectronics Camera Pod L');
    if (rng.chance(0.92)) lines.push('Bus 001 Device 005: ID 0483:5740 STMicroelectronics Camera Pod R');
  }
  if (rng.chance(0.5)) lines.push('Bus 001 Device 006: ID 046d:c31c Logitech Keyboard K120');
  if (rng.chance(0.3)) lines.push('Bus 002 Device 002: ID 0781:5581 SanDisk Ultra USB 3.0');
  return lines.join('\n');
}

function printerStatus(rng: Rng): string {
  const model = rng.pick([
    'HP OfficeJet Pro 9015',
    'Brother HL-L2350DW',
    'Epson EcoTank ET-2850',
    'Canon PIXMA G6020',
  ]);
  const state = rng.weighted<string>([
    ['Idle', 70],
    ['Printing', 8],
    ['Offline', 10],
    ['Paper jam', 5],
    ['Out of paper', 7],
  ]);
  return [
    `Printer: ${model}`,
    `Status: ${state}`,
    `Connection: ${rng.chance(0.7) ? 'USB' : 'Network'}`,
    `Ink/Toner: ${rng.int(5, 100)}%`,
    `Jobs in queue: ${state === 'Idle' ? 0 : rng.int(1, 4)}`,
  ].join('\n');
}

/** The units a seed's reports and screenshots go to: a sample of the fleet, those on a radar first, seeded at `now`. */
export interface SeededUnits {
  now: Date;
  directory: readonly UnitSummary[];
  radarSerials: ReadonlySet<string>;
}

/** Latest reports for about 10% of connected units (and the units on the radar). */
export async function insertUnitReports(db: Db, rng: Rng, units: SeededUnits): Promise<void> {
  const { now, directory, radarSerials } = units;
  const rows: (typeof unitReports.$inferInsert)[] = [];
  for (const unit of directory) {
    if (!(radarSerials.has(unit.serialNumber) || (unit.connected && rng.chance(0.1)))) continue;
    const at = shift(now, -rng.float(0.01, 20) * DAY_MS);
    rows.push({
      serialNumber: unit.serialNumber,
      kind: REPORT_KINDS.voltages,
      data: voltages(rng, unit, at),
      createdAt: at,
    });
    if (rng.chance(0.8)) {
      rows.push({
        serialNumber: unit.serialNumber,
        kind: REPORT_KINDS.usb,
        data: { createdAt: at.toISOString(), status: usbStatus(rng, unit) },
        createdAt: at,
      });
    }
    if (unit.family !== 'gtps' && rng.chance(0.7)) {
      rows.push({
        serialNumber: unit.serialNumber,
        kind: REPORT_KINDS.printer,
        data: { createdAt: at.toISOString(), status: printerStatus(rng) },
        createdAt: at,
      });
    }
  }
  await insertInBatches(db, unitReports, rows);
}

/** Units whose screen can be captured (console-core §5: 4.3.0+ and not headless, or gtps, or oasis). */
function hasScreen(unit: UnitSummary): boolean {
  if (unit.family !== 'aligner') return unit.versionOrder >= 1_000_000;
  return unit.versionOrder >= 4_003_000 && unit.systemClass !== 'DRAGON_HEADLESS';
}

/** A few screenshots on up to 30 units, radar units first. */
export async function insertScreenshots(db: Db, rng: Rng, units: SeededUnits): Promise<void> {
  const { now, directory, radarSerials } = units;
  const eligible = directory.filter(hasScreen);
  const chosen = [
    ...eligible.filter((u) => radarSerials.has(u.serialNumber)),
    ...rng.sample(
      eligible.filter((u) => !radarSerials.has(u.serialNumber) && u.connected),
      20,
    ),
  ].slice(0, 30);
  if (chosen.length === 0) return;
  const screens = await Promise.all(
    [
      {
        title: 'Alignment - Front Axle',
        background: '#1f3b57',
        lines: ['Camber L -0.4°  R -0.6°', 'Toe L 0.05°  R 0.12°', 'Caster L 5.2°  R 5.0°'],
      },
      {
        title: 'Vehicle Selection',
        background: '#34495e',
        lines: ['Make: Toyota', 'Model: RAV4', 'Year: 2024'],
      },
      {
        title: 'Tread Depth Report',
        background: '#245e4a',
        lines: ['LF 6.1 mm   RF 6.3 mm', 'LR 5.2 mm   RR 5.4 mm'],
      },
    ].map((p) => renderPanel({ width: 800, height: 480, ...p })),
  );
  const rows: (typeof screenshots.$inferInsert)[] = [];
  for (const unit of chosen) {
    for (let k = 0, n = rng.int(1, 3); k < n; k++) {
      const screen = unit.family === 'gtps' ? screens[2] : rng.pick(screens.slice(0, 2));
      if (!screen) continue;
      rows.push({
        serialNumber: unit.serialNumber,
        image: screen.image,
        thumbnail: screen.thumbnail,
        createdAt: shift(now, -rng.float(0.02, 30) * DAY_MS),
      });
    }
  }
  rows.sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
  await insertInBatches(db, screenshots, rows);
}

const COMMAND_NAMES = [
  'aligner_get_voltages',
  'aligner_get_usb_status',
  'aligner_get_printer_status',
  'aligner_get_screen_shot',
  'aligner_check_now',
  'aligner_download_now',
  'aligner_set_logging_level',
  'aligner_activate',
  'aligner_open_ssh_port',
] as const;

/** The last two weeks of commands staff sent to units. */
export async function insertCommandLog(
  db: Db,
  rng: Rng,
  now: Date,
  directory: readonly UnitSummary[],
  staff: readonly StaffMember[],
): Promise<void> {
  const connected = directory.filter((u) => u.connected);
  if (connected.length === 0) return;
  const senders = staff.filter((s) => s.active && s.role !== 'guest');
  const rows: (typeof commands.$inferInsert)[] = [];
  for (let i = 0; i < 60; i++) {
    const command = rng.pick(COMMAND_NAMES);
    const createdAt = shift(now, -rng.float(0.01, 14) * DAY_MS);
    const failed = rng.chance(0.08);
    rows.push({
      serialNumber: rng.pick(connected).serialNumber,
      command,
      args: command === 'aligner_set_logging_level' ? { loggingLevel: rng.pick(['WARN', 'INFO']) } : {},
      username: rng.pick(senders).username,
      status: failed ? 'failed' : 'completed',
      result: failed ? { error: 'Unit did not answer in time.' } : { ok: true },
      createdAt,
      completedAt: shift(createdAt, rng.float(0.02, 2) * MINUTE_MS),
    });
  }
  rows.sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
  await insertInBatches(db, commands, rows);
}
