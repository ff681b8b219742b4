import type { UpdateSchedulerDevice, UpdateSchedulerStatistics } from '@equipment-dashboard/contract';
import { type Role } from '@equipment-dashboard/domain';
import { screen, within } from '@testing-library/react';
import { openScreen } from '../../shared/testing/render-screen';
import { type StubHandler } from '../../test/fetch-stub';
import { UpdateSchedulerPage } from './update-scheduler-page';
import { pagedRoute } from '../../test/lists';

const at = '2026-03-04T10:20:30.000Z';

export function device(
  serialNumber: string,
  overrides: Partial<UpdateSchedulerDevice> = {},
): UpdateSchedulerDevice {
  return {
    serialNumber,
    family: 'aligner',
    geolocation: { country_code: 'US' },
    version: { semantic: '5.3.0', meta: '' },
    lastSeenOnlineAt: at,
    staging: { isStaged: false, autoStaged: false, stagedVersion: null, stagedAt: null },
    connected: true,
    bestGuessAtSoftwareUpdateState: 'TRY_INSERT_UPDATE',
    bestGuessAtSoftwareUpdateVersion: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/**
 * Twelve aligners (latest 5.3.0 in the dashboard fixtures): 0001 downloading its staged 5.3.0 on an old
 * 5.2.1, 0002 auto-staged but offline, 0003 up to date in Germany, and nine more.
 */
function twelveAligners(): UpdateSchedulerDevice[] {
  const list = [
    device('AX1AS0001', {
      version: { semantic: '5.2.1', meta: 'build 2300' },
      staging: { isStaged: true, autoStaged: false, stagedVersion: { semantic: '5.3.0' }, stagedAt: at },
      bestGuessAtSoftwareUpdateState: 'DOWNLOADING',
      bestGuessAtSoftwareUpdateVersion: { semantic: '5.3.0', meta: 'release' },
    }),
    device('AX1AS0002', {
      version: { semantic: '5.2.1', meta: '' },
      connected: false,
      staging: { isStaged: true, autoStaged: true, stagedVersion: { semantic: '5.3.0' }, stagedAt: at },
      bestGuessAtSoftwareUpdateState: 'READY_TO_DOWNLOAD',
      bestGuessAtSoftwareUpdateVersion: { semantic: '5.3.0', meta: 'release' },
    }),
    device('AX1AS0003', { geolocation: { country_code: 'DE' } }),
  ];
  for (let n = 4; list.length < 12; n += 1) list.push(device(`AX1AS${String(n).padStart(4, '0')}`));
  return list;
}

const series = (values: number[], keys: string[]) =>
  Object.fromEntries(keys.map((key, i) => [key, values[i] ?? 0]));
const DAYS = ['2026-03-02', '2026-03-01', '2026-03-03'];
const HOURS = ['2026-03-03T09', '2026-03-03T10'];

export function statistics(gtps = false): UpdateSchedulerStatistics {
  return {
    autoStaged: 40,
    autoUnstaged: 5,
    autoUnstagedDueToHungCount: 3,
    averageSlotAge: 12.34,
    // Keys out of order on purpose: the charts sort them.
    dailyStatistics: {
      deliveries: series([6, 4, 5], DAYS),
      alignersAtCurrentVersion: series([110, 100, 118], DAYS),
      autoStaged: series([7, 5, 6], DAYS),
      connectedCount: series([60, 55, 62], DAYS),
    },
    hourlyStatistics: {
      deliveries: series([1, 2], HOURS),
      alignersAtCurrentVersion: series([117, 118], HOURS),
      autoStaged: series([1, 1], HOURS),
      connectedCount: series([61, 62], HOURS),
      ...(gtps ? { truPointsAtCurrentVersion: series([30, 33], HOURS) } : {}),
    },
  };
}

export const LIST_PATHS = {
  aligner: '/read/updatescheduler_aligners/v1/',
  gtps: '/read/updatescheduler_gtps/v1/',
  oasis: '/read/updatescheduler_aligners_oasis/v1/',
} as const;

/** The Update Scheduler as `role` at `entry`, over mutable device lists, with extra routes per test. */
export function openScheduler(
  options: { role?: Role; entry?: string; routes?: Record<string, StubHandler> } = {},
) {
  const world = {
    aligner: twelveAligners(),
    gtps: [device('TP5HV0001', { family: 'gtps', version: { semantic: '1.4.0', meta: '' } })],
    oasis: [] as UpdateSchedulerDevice[],
  };
  // The device lists: filters and sort are the server's business.
  const app = openScreen(
    options.entry ?? '/UpdateScheduler',
    <UpdateSchedulerPage />,
    options.role ?? 'engineer',
    {
      [LIST_PATHS.aligner]: pagedRoute(() => world.aligner),
      [LIST_PATHS.gtps]: pagedRoute(() => world.gtps),
      [LIST_PATHS.oasis]: pagedRoute(() => world.oasis),
      '/read/updatescheduler_statistics/v1': statistics(),
      '/read/updatescheduler_statistics_gtps/v1': statistics(true),
      '/read/updatescheduler_statistics_oasis/v1': statistics(),
      ...options.routes,
    },
  );
  return { ...app, world };
}

/** The data a chart was handed (the charts stub renders it as JSON). */
export function chartData(figureName: string): unknown {
  const figure = screen.getByRole('figure', { name: figureName });
  return JSON.parse(within(figure).getByTestId(/^chart-/).textContent ?? 'null');
}
