import { Button, Flex, Result, Tabs } from 'antd';
import { useEffect } from 'react';
import {
  useReadUpdateschedulerAlignersOasisQuery,
  useReadUpdateschedulerAlignersQuery,
  useReadUpdateschedulerGtpsQuery,
} from '@equipment-dashboard/api-client';
import { can, FAMILIES, PERMISSIONS, type Family } from '@equipment-dashboard/domain';
import { useAppSelector } from '../../app/store';
import { ExportCsvButton } from '../../shared/back-office/export-csv-button';
import { ScreenCard } from '../../shared/back-office/screen-card';
import { lastPageOf } from '../../shared/back-office/pagination';
import { serverProblem } from '../../shared/back-office/server-error';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { BACK_OFFICE_TEXTS } from '../../shared/back-office/texts';
import { preloadSeriesCharts } from '../../shared/charts/series';
import { useLatestVersions } from '../../shared/equipment';
import { SavedViews } from '../../shared/saved-views/saved-views';
import { selectUser } from '../../shared/session/session-slice';
import { ActivityPanel } from './activity-panel';
import {
  familyFilter,
  schedulerQuery,
  useSchedulerParams,
  VIEWS,
  type SchedulerParams,
  type SchedulerPatch,
} from './scheduler-params';
import { SchedulerTable } from './scheduler-table';
import { SchedulerToolbar } from './scheduler-toolbar';
import { SCHEDULER_TEXTS as T } from './texts';

/** Each family's list call, whose CSV export the Export CSV button downloads. */
const EXPORTS: Record<Family, string> = {
  aligner: 'scheduler.readUpdateschedulerAligners',
  gtps: 'scheduler.readUpdateschedulerGtps',
  'aligner-oasis': 'scheduler.readUpdateschedulerAlignersOasis',
};

/** One family's device list (the three hooks run on every render; only the family's asks). */
function useDevices(params: SchedulerParams) {
  const query = schedulerQuery(params);
  // A family filter that no row of this family can match: nothing to ask (see familyFilter).
  const skip = familyFilter(params.filterFamily, params.family).none;
  const aligner = useReadUpdateschedulerAlignersQuery(query, { skip: skip || params.family !== 'aligner' });
  const gtps = useReadUpdateschedulerGtpsQuery(query, { skip: skip || params.family !== 'gtps' });
  const oasis = useReadUpdateschedulerAlignersOasisQuery(query, {
    skip: skip || params.family !== 'aligner-oasis',
  });
  return { read: { aligner, gtps, 'aligner-oasis': oasis }[params.family], skip };
}

/** The Update Scheduler sub-tab: the toolbar and the family's table. */
function SchedulerList({
  params,
  update,
}: {
  params: SchedulerParams;
  update: (patch: SchedulerPatch, options?: { replace?: boolean }) => void;
}) {
  const latest = useLatestVersions();
  const { read, skip } = useDevices(params);
  const { data, isFetching, error, refetch } = read;
  const rows = skip ? [] : (data?.docs ?? []);
  const total = skip ? 0 : (data?.totalDocs ?? 0);

  // A page past the end (a stale link, or the list shrank): show the last page.
  useEffect(() => {
    if (!skip && data && !isFetching && params.page > lastPageOf(total))
      update({ page: lastPageOf(total) }, { replace: true });
  }, [skip, data, isFetching, params.page, total, update]);

  return (
    <>
      <SavedViews screen={`scheduler-${params.family}`} current={schedulerQuery(params)} />
      <Flex justify="end" style={{ marginBottom: 8 }}>
        <ExportCsvButton list={EXPORTS[params.family]} query={schedulerQuery(params)} />
      </Flex>
      <SchedulerToolbar
        params={params}
        update={update}
        onRefresh={() => void refetch()}
        refreshing={isFetching}
      />
      {error && !skip && (
        <ServerErrorAlert
          problem={serverProblem(error, BACK_OFFICE_TEXTS.listFailed)}
          action={<Button onClick={() => void refetch()}>{BACK_OFFICE_TEXTS.retry}</Button>}
        />
      )}
      <SchedulerTable
        rows={rows}
        total={total}
        loading={isFetching && !skip}
        params={params}
        update={update}
        latest={latest.semantic(params.family)}
      />
    </>
  );
}

/** One family's sub-tabs: Update Scheduler (the table), Daily Activity and Hourly Activity. */
function FamilyViews({
  family,
  params,
  update,
}: {
  family: Family;
  params: SchedulerParams;
  update: (patch: SchedulerPatch) => void;
}) {
  return (
    <Tabs
      activeKey={params.view}
      onChange={(key) => update({ view: VIEWS.find((view) => view === key) ?? 'table' })}
      items={VIEWS.map((view) => ({
        key: view,
        label: T.views[view],
        // Only the open sub-tab is drawn (and asks the server).
        children:
          view !== params.view ? null : view === 'table' ? (
            <SchedulerList params={params} update={update} />
          ) : (
            <ActivityPanel family={family} period={view} />
          ),
      }))}
    />
  );
}

/**
 * Update Scheduler, /UpdateScheduler (back-office §2.4): a tab per family (Aligners, Tru-Points,
 * Aligners-Oasis), each with the sub-tabs Update Scheduler, Daily Activity and Hourly Activity. The
 * whole view (family, sub-tab, page, sort, boxes and filters) is in the URL. Decision: the screen is for
 * the roles that see it in the navigation (admin, engineer, support_lvl2: libs/domain's
 * viewUpdateScheduler, which the server enforces); another role that opens the route is told so and
 * nothing is asked. The table's rows follow the live events (SOFTWARE_UPDATES_STAGED reloads it).
 */
export function UpdateSchedulerPage() {
  const role = useAppSelector(selectUser)?.role;
  const { params, update } = useSchedulerParams();
  const allowed = can(role, PERMISSIONS.viewUpdateScheduler);

  useEffect(preloadSeriesCharts, []);

  if (!allowed) {
    return (
      <ScreenCard title={T.title}>
        <Result status="403" title={T.notAllowedTitle} subTitle={T.notAllowedDetail} />
      </ScreenCard>
    );
  }

  return (
    <ScreenCard title={T.title}>
      <Tabs
        activeKey={params.family}
        onChange={(key) => update({ family: FAMILIES.find((family) => family === key) ?? 'aligner' })}
        items={FAMILIES.map((family) => ({
          key: family,
          label: T.familyTabs[family],
          children:
            family === params.family ? <FamilyViews family={family} params={params} update={update} /> : null,
        }))}
      />
    </ScreenCard>
  );
}
