import type { Aligner, ListRow, ScreenShot, StatusReport, VoltagesReport } from '@equipment-dashboard/api';
import { FAMILIES, unitCapabilities, versionLabel, type Family } from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { updateStateOf } from '../fleet/update-flow';
import { queryUnits, type UnitQuery } from '../fleet/unit-query';
import type { UnitRuntime } from '../fleet/unit-runtime';
import { ForbiddenError, NotFoundError } from '../http/errors';
import * as unitsRepo from '../store/repos/units-repo';
import type { ServiceDeps } from './service-deps';

const iso = (ms: number | Date) => new Date(ms).toISOString();

export const screenShotPaths = (id: number) => ({
  image: `/api/v1/screen_shot/${id}`,
  thumbnail: `/api/v1/screen_shot/${id}?thumbnail=true`,
});

function asFamily(value: string): Family {
  return (FAMILIES as readonly string[]).includes(value) ? (value as Family) : 'aligner';
}

/**
 * A unit as console-core §3 describes it: the stored row with the engine's live fields laid over it
 * (so a read is never staler than memory), plus what belongs to the reader (favourite) and to other
 * tables (open tickets, screenshots, latest reports).
 */
export async function readAligner(deps: ServiceDeps, caller: AuthUser, serialNumber: string): Promise<Aligner> {
  const serial = serialNumber.trim().toUpperCase();
  const row = await unitsRepo.findUnit(deps.db, serial);
  if (!row) throw new NotFoundError(`Serial number ${serial} not found.`);
  const [favorite, openTickets, shots, voltages, usb] = await Promise.all([
    unitsRepo.isFavorite(deps.db, caller.username, serial),
    unitsRepo.openTicketCounts(deps.db, [serial]),
    unitsRepo.screenshotsOf(deps.db, serial),
    unitsRepo.latestReport(deps.db, serial, 'voltages'),
    unitsRepo.latestReport(deps.db, serial, 'usb'),
  ]);
  return composeAligner(deps, row, deps.fleet.engine.get(serial), {
    favorite,
    openSupportTickets: openTickets.get(serial) ?? 0,
    screenShots: shots.map((s) => ({ id: String(s.id), ...screenShotPaths(s.id), createdAt: iso(s.createdAt) })),
    voltages: (voltages?.data as VoltagesReport | undefined) ?? null,
    status: statusReportOf(usb)?.status ?? null,
  });
}

interface AlignerExtras {
  favorite: boolean;
  openSupportTickets: number;
  screenShots: ScreenShot[];
  voltages: VoltagesReport | null;
  status: string | null;
}

export function composeAligner(deps: ServiceDeps, row: unitsRepo.UnitRow, live: UnitRuntime | undefined, extras: AlignerExtras): Aligner {
  const now = deps.fleet.engine.clock.now();
  const family = asFamily(row.family);
  const version = { semantic: live?.versionSemantic ?? row.versionSemantic, meta: live?.versionMeta ?? row.versionMeta };
  const supportsUpdateStatus = unitCapabilities(
    { family, version, systemClass: row.systemClass, boardFeatures: row.boardFeatures },
    deps.fleet.latest.byFamily(),
  ).updateStatus;
  const connected = live?.connected ?? row.connected;
  return {
    serialNumber: row.serialNumber,
    family,
    version,
    specs: row.specs ?? null,
    specsExpiration: row.specsExpiration ?? null,
    systemClass: row.systemClass,
    boardClass: row.boardClass,
    logLevel: (live?.logLevel ?? row.logLevel) === 'INFO' ? 'INFO' : 'WARN',
    boardFeatures: row.boardFeatures ?? null,
    connectCount: live?.connectCount ?? row.connectCount,
    connected,
    port: connected ? (live?.port ?? row.port) : null,
    address: connected ? (live?.address ?? row.address) : null,
    currentProcedure: connected ? (live?.currentProcedure ?? row.currentProcedure) : null,
    alignmentCount: live?.alignmentCount ?? row.alignmentCount,
    geolocation: row.geolocation,
    pendingSoftwareDownload: live?.pendingSoftwareDownload ?? row.pendingSoftwareDownload,
    updateState: supportsUpdateStatus && live ? updateStateOf(live, now) : null,
    openSupportTickets: extras.openSupportTickets,
    favorite: extras.favorite,
    screenShots: extras.screenShots,
    voltages: extras.voltages,
    status: extras.status,
    createdAt: iso(row.createdAt),
    updatedAt: iso(live ? Math.max(live.updatedAt, row.updatedAt.getTime()) : row.updatedAt),
  };
}

/**
 * A page of the equipment list, wholly from the engine's memory (fleet/unit-query.ts): the store is
 * not read, so a page never waits behind the write-behind on PGlite's single thread.
 */
export async function listAligners(deps: ServiceDeps, query: UnitQuery): Promise<{ docs: ListRow[]; totalDocs: number }> {
  const state = deps.fleet.engine.state;
  const { serials, total } = queryUnits(
    {
      units: state.units.values(),
      bySerial: state.bySerial,
      lowerBound: (serial) => state.lowerBound(serial),
      familyTotal: (family) => state.aggregates.total[family as Family] ?? 0,
    },
    query,
  );
  return {
    totalDocs: total,
    docs: serials.flatMap((serial) => {
      const unit = state.units.get(serial);
      return unit ? [listRowOf(unit)] : [];
    }),
  };
}

function listRowOf(unit: UnitRuntime): ListRow {
  return {
    serialNumber: unit.serialNumber,
    family: unit.family,
    systemClass: unit.systemClass,
    softwareVersion: versionLabel({ semantic: unit.versionSemantic, meta: unit.versionMeta }),
    createdAt: iso(unit.createdAt),
    updatedAt: iso(unit.updatedAt),
    geolocation: unit.geolocation,
  };
}

/** The units on a user's radar, in the order they were added, as full aligners. */
export async function readFavorites(deps: ServiceDeps, caller: AuthUser, username: string): Promise<Aligner[]> {
  if (username !== caller.username) throw new ForbiddenError("You can only read your own radar.");
  const serials = await unitsRepo.favoriteSerials(deps.db, username);
  return readAlignersFor(deps, username, serials);
}

/** Full aligners for several serials at once (radar lists and radar events). */
export async function readAlignersFor(deps: ServiceDeps, username: string, serials: string[]): Promise<Aligner[]> {
  if (serials.length === 0) return [];
  const [rows, openTickets, favorites] = await Promise.all([
    unitsRepo.findUnits(deps.db, serials),
    unitsRepo.openTicketCounts(deps.db, serials),
    unitsRepo.favoriteSerials(deps.db, username),
  ]);
  const bySerial = new Map(rows.map((r) => [r.serialNumber, r]));
  const favoriteSet = new Set(favorites);
  return serials.flatMap((serial) => {
    const row = bySerial.get(serial);
    if (!row) return [];
    return [
      composeAligner(deps, row, deps.fleet.engine.get(serial), {
        favorite: favoriteSet.has(serial),
        openSupportTickets: openTickets.get(serial) ?? 0,
        // The radar shows no screenshots or reports: they are read when a unit is opened.
        screenShots: [],
        voltages: null,
        status: null,
      }),
    ];
  });
}

/** Deletes a unit and what hangs on it (favourites, screenshots, reports); its tickets stay as history. */
export async function deleteEquipment(deps: ServiceDeps, caller: AuthUser, serialNumber: string): Promise<void> {
  const unit = deps.fleet.engine.get(serialNumber);
  const deleted = await unitsRepo.deleteUnit(deps.db, serialNumber);
  if (!deleted) throw new NotFoundError(`No unit with serial number ${serialNumber}.`);
  if (unit) deps.fleet.engine.removeUnit(unit);
  deps.logger.info({ serialNumber, by: caller.username }, 'equipment deleted');
}

export async function screenShotsOf(deps: ServiceDeps, serialNumber: string): Promise<ScreenShot[]> {
  await requireUnit(deps, serialNumber);
  const rows = await unitsRepo.screenshotsOf(deps.db, serialNumber);
  return rows.map((s) => ({ id: String(s.id), ...screenShotPaths(s.id), createdAt: iso(s.createdAt) }));
}

export async function screenShotImage(deps: ServiceDeps, id: string, thumbnail: boolean): Promise<Buffer> {
  const numeric = Number(id);
  const data = Number.isInteger(numeric) && numeric > 0 ? await unitsRepo.screenshotImage(deps.db, numeric, thumbnail) : undefined;
  if (!data) throw new NotFoundError(`No screenshot ${id}.`);
  return data;
}

export async function deleteScreenShot(deps: ServiceDeps, id: number): Promise<void> {
  if (!(await unitsRepo.deleteScreenshot(deps.db, id))) throw new NotFoundError(`No screenshot ${id}.`);
}

async function requireUnit(deps: ServiceDeps, serialNumber: string): Promise<void> {
  if (!deps.fleet.engine.get(serialNumber) && !(await unitsRepo.findUnit(deps.db, serialNumber))) {
    throw new NotFoundError(`No unit with serial number ${serialNumber}.`);
  }
}

export async function latestVoltages(deps: ServiceDeps, serialNumber: string): Promise<VoltagesReport | null> {
  await requireUnit(deps, serialNumber);
  return ((await unitsRepo.latestReport(deps.db, serialNumber, 'voltages'))?.data as VoltagesReport | undefined) ?? null;
}

export async function latestStatus(deps: ServiceDeps, serialNumber: string, kind: 'usb' | 'printer'): Promise<StatusReport | null> {
  await requireUnit(deps, serialNumber);
  return statusReportOf(await unitsRepo.latestReport(deps.db, serialNumber, kind));
}

/** A stored status report: `{ createdAt, status }`, or plain text kept with its row's time. */
function statusReportOf(row: { data: unknown; createdAt: Date } | undefined): StatusReport | null {
  if (!row) return null;
  if (typeof row.data === 'string') return { createdAt: iso(row.createdAt), status: row.data };
  return row.data as StatusReport;
}
