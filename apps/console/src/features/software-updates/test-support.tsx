import type {
  ScheduleByDay,
  StagedTotals,
  VersionRecord,
  VersionTotals,
} from '@equipment-dashboard/contract';
import type { Role } from '@equipment-dashboard/domain';
import { screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { openScreen } from '../../shared/testing/render-screen';
import { json, type StubHandler } from '../../test/fetch-stub';
import { SoftwareUpdatesPage } from './software-updates-page';

/** What the stubbed server answers; tests change it to play the server. */
export interface SoftwareWorld {
  latest: { aligner: VersionRecord | null; gtps: VersionRecord | null; oasis: VersionRecord | null };
  installed: { aligner: VersionTotals; gtps: VersionTotals; oasis: VersionTotals };
  staged: { aligner: StagedTotals; gtps: StagedTotals; oasis: StagedTotals };
  scheduleByDay: ScheduleByDay[];
}

const dayOf = (day: dayjs.Dayjs): ScheduleByDay['_id'] => ({
  year: day.year(),
  month: day.month() + 1,
  day: day.date(),
});

const today = dayjs().startOf('day');
const early = today.date() <= 14;

/**
 * Days the picker's first panel shows whatever today is: today, and two other days of this month a week
 * and ten days away; tomorrow has nothing scheduled.
 */
export const LOADED_DAYS = {
  today,
  near: early ? today.add(7, 'day') : today.subtract(7, 'day'),
  far: early ? today.add(10, 'day') : today.subtract(10, 'day'),
  tomorrow: today.add(1, 'day'),
};

export function softwareWorld(): SoftwareWorld {
  return {
    latest: {
      aligner: { semantic: '5.4.2', meta: 'build 2400', path: '/updates/aligner/5.4.2' },
      gtps: { semantic: '1.5.0', meta: '', path: '/updates/gtps/1.5.0' },
      oasis: { semantic: '2.1.0', meta: 'Oasis', path: '/updates/aligner-oasis/2.1.0' },
    },
    installed: {
      aligner: [
        { version: '5.4.2', total: 300 },
        { version: '4.9.0', total: 1 },
        { version: '5.3.0', total: 120 },
      ],
      gtps: [
        { version: '1.10.0', total: 5 },
        { version: '1.5.0', total: 40 },
        { version: '1.2.0', total: 1 },
        { version: '1.9.0', total: 2 },
      ],
      oasis: [],
    },
    staged: {
      aligner: { total: 9, readyToDownload: 4, versions: { '5.4.2': 6, '5.10.0': 1, '5.3.0': 2 } },
      gtps: { total: 0, readyToDownload: 0, versions: {} },
      oasis: { total: 0, readyToDownload: 0, versions: {} },
    },
    scheduleByDay: [
      { _id: dayOf(LOADED_DAYS.near), count: 3 },
      { _id: dayOf(LOADED_DAYS.today), count: 12 },
      { _id: dayOf(LOADED_DAYS.far), count: 25 },
    ],
  };
}

/** The validate calls of back-office §7.2 over a tiny update library: these paths hold a manifest. */
const LIBRARY: Record<
  string,
  { version: VersionRecord; prerequisites: { require: string }; family: string }
> = {
  '/updates/aligner/5.6.0': {
    version: { semantic: '5.6.0', meta: 'build 2600', path: '/updates/aligner/5.6.0' },
    prerequisites: { require: '5.0.0' },
    family: 'aligner',
  },
  '/updates/gtps/1.6.1': {
    version: { semantic: '1.6.1', meta: '', path: '/updates/gtps/1.6.1' },
    prerequisites: { require: '' },
    family: 'gtps',
  },
};

/** A validate route: the library's manifest, 404 MANIFEST_NOT_FOUND elsewhere (as fleet-sim answers). */
function validateRoute(): StubHandler {
  return async (request) => {
    const { updatePath } = (await request.json()) as { updatePath: string };
    return LIBRARY[updatePath] ?? json(404, { error: 'MANIFEST_NOT_FOUND', code: 'MANIFEST_NOT_FOUND' });
  };
}

/** Software Versions as `role`, over a mutable world, with extra routes per test. */
export function openSoftwareUpdates(
  options: { role?: Role; entry?: string; routes?: Record<string, StubHandler>; world?: SoftwareWorld } = {},
) {
  const world = options.world ?? softwareWorld();
  const app = openScreen(
    options.entry ?? '/SoftwareUpdates',
    <SoftwareUpdatesPage />,
    options.role ?? 'engineer',
    {
      '/read/latest_software_version/v1': () => world.latest.aligner,
      '/read/latest_gtps_software_version/v1': () => world.latest.gtps,
      '/read/latest_oasis_software_version/v1': () => world.latest.oasis,
      '/read/aligner_software_versions/v1': () => world.installed.aligner,
      '/read/gtps_software_versions/v1': () => world.installed.gtps,
      '/read/oasis_software_versions/v1': () => world.installed.oasis,
      '/read/staged_update_totals/v1': () => world.staged.aligner,
      '/read/staged_gtps_update_totals/v1': () => world.staged.gtps,
      '/read/staged_oasis_update_totals/v1': () => world.staged.oasis,
      '/read/schedule_by_day/v1/': () => world.scheduleByDay,
      'POST /validate_software_update_at_path/v1': validateRoute(),
      'POST /validate_gtps_software_update_at_path/v1': validateRoute(),
      'POST /validate_oasis_software_update_at_path/v1': validateRoute(),
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

/** The value of the statistic titled `title` inside `container`. */
export function statistic(container: HTMLElement, title: string): string {
  return within(container).getByText(title).closest('.ant-statistic')?.textContent?.slice(title.length) ?? '';
}

/** The JSON body of a stubbed request. */
export const bodyOf = async (request: Request | undefined): Promise<unknown> =>
  request ? request.json() : null;
