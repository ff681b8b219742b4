import type {
  Aligner,
  ListRow,
  ScreenShot,
  StatusReport,
  VoltagesReport,
} from '@equipment-dashboard/contract';
import { FAMILIES, unitCapabilities, versionLabel, type Family } from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { desiredOf, pendingVersionOf, updateStateFor } from '../fleet/desired-state';
import { ForbiddenError, NotFoundError } from '../core/errors';
import { numberOrNull } from '../store/repos/rows';
import * as unitsRepo from '../store/repos/units-repo';
import type { UnitQuery } from '../read-models/unit-index';
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
 * A unit as console-core §3 describes it, from the store: its reported row and desired staging, plus what
 * belongs to the reader (favourite) and to other tables (open tickets, screenshots, latest reports).
 */
export async function readAligner(
  deps: ServiceDeps,
  caller: AuthUser,
  serialNumber: string,
): Promise<Aligner> {
  const serial = serialNumber.trim().toUpperCase();
  const found = await unitsRepo.findUnitWithDesired(deps.db, serial);
  if (!found) throw new NotFoundError(`Serial number ${serial} not found.`);
  const [favorite, openTickets, shots, voltages, usb] = await Promise.all([
    unitsRepo.isFavorite(deps.db, caller.username, serial),
    unitsRepo.openTicketCounts(deps.db, [serial]),
    unitsRepo.screenshotsOf(deps.db, serial),
    unitsRepo.latestReport(deps.db, serial, 'voltages'),
    unitsRepo.latestReport(deps.db, serial, 'usb'),
  ]);
  return composeAligner(deps, found, {
    favorite,
    openSupportTickets: openTickets.get(serial) ?? 0,
    screenShots: shots.map((s) => ({
      id: String(s.id),
      ...screenShotPaths(s.id),
      createdAt: iso(s.createdAt),
    })),
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

export function composeAligner(
  deps: ServiceDeps,
  { unit: row, desired: desiredRow }: unitsRepo.UnitWithDesired,
  extras: AlignerExtras,
): Aligner {
  const family = asFamily(row.family);
  const version = { semantic: row.versionSemantic, meta: row.versionMeta };
  const desired = desiredOf(desiredRow);
  const doneRev = Number(row.stagedRevDone);
  const supportsUpdateStatus = unitCapabilities(
    { family, version, systemClass: row.systemClass, boardFeatures: row.boardFeatures },
    deps.world.latest.byFamily(),
  ).updateStatus;
  const connected = row.connected;
  return {
    serialNumber: row.serialNumber,
    family,
    version,
    specs: row.specs ?? null,
    specsExpiration: row.specsExpiration ?? null,
    systemClass: row.systemClass,
    boardClass: row.boardClass,
    logLevel: row.logLevel === 'INFO' ? 'INFO' : 'WARN',
    boardFeatures: row.boardFeatures ?? null,
    connectCount: row.connectCount,
    connected,
    port: connected ? row.port : null,
    address: connected ? row.address : null,
    currentProcedure: connected ? row.currentProcedure : null,
    alignmentCount: row.alignmentCount,
    geolocation: row.geolocation,
    lastSeenOnlineAt: row.lastSeenOnlineAt ? iso(row.lastSeenOnlineAt) : null,
    pendingSoftwareDownload: pendingVersionOf(desired, doneRev),
    updateState: supportsUpdateStatus
      ? updateStateFor(row.updateState, numberOrNull(row.flowRev), desired, doneRev)
      : null,
    openSupportTickets: extras.openSupportTickets,
    favorite: extras.favorite,
    screenShots: extras.screenShots,
    voltages: extras.voltages,
    status: extras.status,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/**
 * A page of the equipment list: the order and the exact total from this process's index of the fleet
 * (read-models/unit-index.ts), then the page's rows by key from the store.
 */
export async function listAligners(
  deps: ServiceDeps,
  query: UnitQuery,
): Promise<{ docs: ListRow[]; totalDocs: number }> {
  const { serials, total } = deps.readModels.index.queryEquipment(query);
  const rows = new Map(
    (await unitsRepo.findUnitsWithDesired(deps.db, serials)).map((r) => [r.unit.serialNumber, r.unit]),
  );
  return {
    totalDocs: total,
    docs: serials.flatMap((serial) => {
      const unit = rows.get(serial);
      return unit ? [listRowOf(unit)] : [];
    }),
  };
}

/** A unit as a row of the equipment list. */
export function listRowOf(
  unit: Pick<
    unitsRepo.UnitRow,
    | 'serialNumber'
    | 'family'
    | 'systemClass'
    | 'versionSemantic'
    | 'versionMeta'
    | 'createdAt'
    | 'updatedAt'
    | 'geolocation'
    | 'connected'
  >,
): ListRow {
  return {
    serialNumber: unit.serialNumber,
    family: asFamily(unit.family),
    systemClass: unit.systemClass,
    softwareVersion: versionLabel({ semantic: unit.versionSemantic, meta: unit.versionMeta }),
    createdAt: iso(unit.createdAt),
    updatedAt: iso(unit.updatedAt),
    geolocation: unit.geolocation,
    connected: unit.connected,
  };
}

/** The units on a user's radar, in the order they were added, as full aligners. */
export async function readFavorites(
  deps: ServiceDeps,
  caller: AuthUser,
  username: string,
): Promise<Aligner[]> {
  if (username !== caller.username) throw new ForbiddenError('You can only read your own radar.');
  const serials = await unitsRepo.favoriteSerials(deps.db, username);
  return readAlignersFor(deps, username, serials);
}

/** Full aligners for several serials at once (radar lists and radar events). */
export async function readAlignersFor(
  deps: ServiceDeps,
  username: string,
  serials: string[],
): Promise<Aligner[]> {
  if (serials.length === 0) return [];
  const [rows, openTickets, favorites] = await Promise.all([
    unitsRepo.findUnitsWithDesired(deps.db, serials),
    unitsRepo.openTicketCounts(deps.db, serials),
    unitsRepo.favoriteSerials(deps.db, username),
  ]);
  const bySerial = new Map(rows.map((r) => [r.unit.serialNumber, r]));
  const favoriteSet = new Set(favorites);
  return serials.flatMap((serial) => {
    const row = bySerial.get(serial);
    if (!row) return [];
    return [
      composeAligner(deps, row, {
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
export async function deleteEquipment(
  deps: ServiceDeps,
  caller: AuthUser,
  serialNumber: string,
): Promise<void> {
  const deleted = await unitsRepo.deleteUnit(deps.db, serialNumber);
  if (!deleted) throw new NotFoundError(`No unit with serial number ${serialNumber}.`);
  // This process's read models and units drop it at once; other processes read the tombstone within a poll.
  deps.readModels.takeCommitted({ removed: [serialNumber] });
  deps.logger.info({ serialNumber, by: caller.username }, 'equipment deleted');
}

export async function screenShotsOf(deps: ServiceDeps, serialNumber: string): Promise<ScreenShot[]> {
  await requireUnit(deps, serialNumber);
  const rows = await unitsRepo.screenshotsOf(deps.db, serialNumber);
  return rows.map((s) => ({ id: String(s.id), ...screenShotPaths(s.id), createdAt: iso(s.createdAt) }));
}

export async function screenShotImage(deps: ServiceDeps, id: string, thumbnail: boolean): Promise<Buffer> {
  const numeric = Number(id);
  const data =
    Number.isInteger(numeric) && numeric > 0
      ? await unitsRepo.screenshotImage(deps.db, numeric, thumbnail)
      : undefined;
  if (!data) throw new NotFoundError(`No screenshot ${id}.`);
  return data;
}

export async function deleteScreenShot(deps: ServiceDeps, id: number): Promise<void> {
  if (!(await unitsRepo.deleteScreenshot(deps.db, id))) throw new NotFoundError(`No screenshot ${id}.`);
}

async function requireUnit(deps: ServiceDeps, serialNumber: string): Promise<void> {
  if (!(await unitsRepo.findUnit(deps.db, serialNumber)))
    throw new NotFoundError(`No unit with serial number ${serialNumber}.`);
}

export async function latestVoltages(
  deps: ServiceDeps,
  serialNumber: string,
): Promise<VoltagesReport | null> {
  await requireUnit(deps, serialNumber);
  return (
    ((await unitsRepo.latestReport(deps.db, serialNumber, 'voltages'))?.data as VoltagesReport | undefined) ??
    null
  );
}

export async function latestStatus(
  deps: ServiceDeps,
  serialNumber: string,
  kind: 'usb' | 'printer',
): Promise<StatusReport | null> {
  await requireUnit(deps, serialNumber);
  return statusReportOf(await unitsRepo.latestReport(deps.db, serialNumber, kind));
}

/** A stored status report: `{ createdAt, status }`, or plain text kept with its row's time. */
function statusReportOf(row: { data: unknown; createdAt: Date } | undefined): StatusReport | null {
  if (!row) return null;
  if (typeof row.data === 'string') return { createdAt: iso(row.createdAt), status: row.data };
  return row.data as StatusReport;
}
