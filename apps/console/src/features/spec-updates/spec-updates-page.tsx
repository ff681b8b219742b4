import { Button, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type SpecUpdate } from '@equipment-dashboard/contract';
import { useReadSpecUpdatesQuery } from '@equipment-dashboard/api-client';
import { can, PERMISSIONS } from '@equipment-dashboard/domain';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { lastPageOf } from '../../shared/back-office/pagination';
import { CreateButton, ScreenCard } from '../../shared/back-office/screen-card';
import { serverProblem } from '../../shared/back-office/server-error';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { BACK_OFFICE_TEXTS } from '../../shared/back-office/texts';
import { preloadSeriesCharts } from '../../shared/charts/series';
import { selectUser } from '../../shared/session/session-slice';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { CreateSpecDialog, EditSpecDialog } from './spec-dialogs';
import { SpecReleasesTable } from './spec-releases-table';
import { SpecStatistics } from './spec-statistics';
import { SPEC_TEXTS as T } from './texts';

type Tab = 'statistics' | 'releases';
type Dialog = { kind: 'create' } | { kind: 'edit'; spec: SpecUpdate };

/** The view in the URL: `?tab=releases&page=2` (Statistics and page 1 are the defaults). */
function useSpecView() {
  const [search, setSearch] = useSearchParams();
  const tab: Tab = search.get('tab') === 'releases' ? 'releases' : 'statistics';
  const pageParam = Number(search.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const setView = useCallback(
    (next: { tab?: Tab; page?: number }, replace = false) =>
      setSearch(
        (current) => {
          const params = new URLSearchParams(current);
          const nextTab = next.tab ?? (params.get('tab') === 'releases' ? 'releases' : 'statistics');
          if (nextTab === 'releases') params.set('tab', 'releases');
          else params.delete('tab');
          if (next.page !== undefined) {
            if (next.page > 1 && nextTab === 'releases') params.set('page', String(next.page));
            else params.delete('page');
          }
          return params;
        },
        { replace },
      ),
    [setSearch],
  );
  return { tab, page, setView };
}

/** The Spec Releases tab: the paged list, the server's sentence when it cannot be read, and the dialogs. */
function SpecReleases({
  page,
  setPage,
  onEdit,
}: {
  page: number;
  setPage: (page: number, replace?: boolean) => void;
  onEdit?: (spec: SpecUpdate) => void;
}) {
  const { data, isFetching, error, refetch } = useReadSpecUpdatesQuery({ page });
  const total = data?.totalDocs ?? 0;
  // A page past the end (a stale link): show the last page.
  useEffect(() => {
    if (data && !isFetching && page > lastPageOf(total)) setPage(lastPageOf(total), true);
  }, [data, isFetching, page, total, setPage]);

  return (
    <>
      {error && !data && (
        <ServerErrorAlert
          problem={serverProblem(error, BACK_OFFICE_TEXTS.listFailed)}
          action={<Button onClick={() => void refetch()}>{BACK_OFFICE_TEXTS.retry}</Button>}
        />
      )}
      <SpecReleasesTable
        rows={data?.docs ?? []}
        total={total}
        page={page}
        loading={isFetching}
        onPage={(next) => setPage(next)}
        onEdit={onEdit}
      />
    </>
  );
}

/**
 * Specifications, /SpecUpdates (back-office §2.3): the Statistics tab (installed devices per spec
 * version) and the Spec Releases tab (the paged list with Edit Spec), whose Create Spec Update button
 * shows for admin and engineer on that tab only. The tab and page are in the URL. Decision: Edit Spec
 * shows to the roles that may edit (libs/domain's editSpecUpdate: admin and engineer), as the server
 * refuses the others (back-office §6 "Editing a spec update is not role-gated on screen").
 */
export function SpecUpdatesPage() {
  const { tab, page, setView } = useSpecView();
  const role = useAppSelector(selectUser)?.role;
  const dispatch = useAppDispatch();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const mayCreate = can(role, PERMISSIONS.createSpecUpdate);
  const mayEdit = can(role, PERMISSIONS.editSpecUpdate);
  const setPage = useCallback((next: number, replace = false) => setView({ page: next }, replace), [setView]);

  useEffect(preloadSeriesCharts, []);

  const close = () => setDialog(null);

  return (
    <>
      {/* The screen's action sits in the card's header: inside the tab bar it would be a button in a tablist. */}
      <ScreenCard
        title={T.title}
        extra={
          tab === 'releases' && mayCreate ? (
            <CreateButton label={T.createSpecUpdate} onClick={() => setDialog({ kind: 'create' })} />
          ) : null
        }
      >
        <Tabs
          activeKey={tab}
          onChange={(key) => setView({ tab: key === 'releases' ? 'releases' : 'statistics', page: 1 })}
          items={[
            { key: 'statistics', label: T.statistics, children: <SpecStatistics /> },
            {
              key: 'releases',
              label: T.releases,
              children: (
                <SpecReleases
                  page={page}
                  setPage={setPage}
                  onEdit={mayEdit ? (spec) => setDialog({ kind: 'edit', spec }) : undefined}
                />
              ),
            },
          ]}
        />
      </ScreenCard>
      {dialog?.kind === 'create' && (
        <CreateSpecDialog
          onClose={close}
          onCreated={(spec) => {
            close();
            // Newest first: the new release is on the first page.
            setPage(1);
            dispatch(snackbarShown(T.created(spec.version.name)));
          }}
        />
      )}
      {dialog?.kind === 'edit' && (
        <EditSpecDialog
          key={dialog.spec.path}
          spec={dialog.spec}
          onClose={close}
          onUpdated={(spec) => {
            close();
            dispatch(snackbarShown(T.updated(spec.version.name)));
          }}
        />
      )}
    </>
  );
}
