import type { Aligner, ListRow } from '@equipment-dashboard/contract';
import { versionLabel } from '@equipment-dashboard/domain';
import { screen, within } from '@testing-library/react';
import { json, type StubHandler } from '../../test/fetch-stub';
import { aligner, dashboardRoutes } from '../../test/fixtures';
import { pagedRoute } from '../../test/lists';
import { idleUpdater } from '../../test/updaters';

/*
 * Units and routes for the equipment tests: a small fleet answered by the real paths of
 * console-core §7 through the stubbed fetch. Serial prefixes are from libs/domain's sample table
 * (AX1 = Axial, CBx = Camberline, TP/TQ = Tru-Point).
 */

/** A 5.x Dragon with two cameras and DD: every gate of console-core §5 open. */
export const fullUnit = (serial = 'AX1AS0001', overrides: Partial<Aligner> = {}): Aligner =>
  aligner(serial, {
    version: { semantic: '5.2.1', meta: 'build 2300' },
    systemClass: 'DRAGON',
    boardFeatures: { numCameras: 2, numAccel: 2, isDDAligner: true },
    specs: { name: 'AP-2026-08', month: 8, year: 2026 },
    specsExpiration: { month: 8, year: 2027 },
    logLevel: 'WARN',
    favorite: false,
    updateState: idleUpdater(),
    ...overrides,
  });

export function rowOf(unit: Aligner): ListRow {
  return {
    serialNumber: unit.serialNumber,
    family: unit.family,
    systemClass: unit.systemClass,
    softwareVersion: versionLabel(unit.version),
    createdAt: unit.createdAt,
    updatedAt: unit.updatedAt,
    geolocation: unit.geolocation,
    connected: unit.connected,
  };
}

/** GET /read/aligner/v1/ over a list of units: 404 with the server's sentence for an unknown serial. */
function readAlignerRoute(units: () => Aligner[]): StubHandler {
  return (request) => {
    const serial = new URL(request.url).searchParams.get('serialNumber') ?? '';
    const found = units().find((unit) => unit.serialNumber === serial);
    return found ?? json(404, { error: `Serial number ${serial} not found.`, code: 'not_found' });
  };
}

/** GET /read/aligners/v1/: one page of the units' rows (filters and sort are the server's business). */
function readAlignersRoute(units: () => Aligner[]): StubHandler {
  return pagedRoute(() => units().map(rowOf));
}

/** Every read the shell and the equipment screen make, over a mutable fleet. */
export function equipmentRoutes(fleet: { units: Aligner[] }, overrides: Record<string, StubHandler> = {}) {
  return dashboardRoutes({
    '/read/aligner/v1/': readAlignerRoute(() => fleet.units),
    '/read/aligners/v1/': readAlignersRoute(() => fleet.units),
    ...overrides,
  });
}

/** A command's answer (`status: 'completed'`). */
export function completed(
  serialNumber: string,
  command: string,
  result: Record<string, string | number> = {},
) {
  return { serialNumber, command, status: 'completed', result };
}

/** Resolves after `ms`: a command that takes a moment, so the loading state can be seen. */
export const after = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

/**
 * The open dialog whose title is `title`. (In jsdom every antd dialog is labelled by the same
 * 'test-id' element, so the role's name cannot tell two open dialogs apart; the title text can.)
 */
export async function findDialog(title: string | RegExp): Promise<HTMLElement> {
  const titles = await screen.findAllByText(title, { selector: '.ant-modal-title, .ant-modal-title *' });
  const dialog = titles.at(-1)?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`No dialog titled ${String(title)}.`);
  return dialog;
}

/** The detail dialog of a unit (its title is the serial number as a heading). */
export async function findDetailDialog(serial: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name: serial, level: 4 });
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`No detail dialog for ${serial}.`);
  // Loaded: its fields are there.
  await within(dialog).findByText('Software Version');
  return dialog;
}
