import { Button, Card, Result } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useReadAlignersQuery } from '@equipment-dashboard/api-client';
import { bulkActionsFor, PAGE_SIZE } from '@equipment-dashboard/domain';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { ExportCsvButton } from '../../shared/back-office/export-csv-button';
import { useLatestVersions } from '../../shared/equipment';
import { SavedViews } from '../../shared/saved-views/saved-views';
import { selectUser } from '../../shared/session/session-slice';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { AlignerDetailDialog } from './aligner-detail-dialog';
import { BulkActionsBar } from './bulk-actions-bar';
import { EquipmentTable } from './equipment-table';
import { FilterBar } from './filter-bar';
import { listQuery, useListParams } from './list-params';
import { RolloutFromFiltersButton } from './rollout-from-filters-button';
import { EQUIPMENT_TEXTS as T } from './texts';
import { UnitDialogs } from './unit-dialogs';
import { useBulkSelection } from './use-bulk-selection';
import type { UnitDialog, UnitDialogKind } from './unit-dialogs-state';

/**
 * The equipment screen, /Aligners (console-core §2): filters, the server-paged table and the unit
 * dialogs. Page, sort, filters and the open unit live in the URL, so a link reproduces the view (the
 * top bar's search links `/Aligners?serial=...`). The table keeps the previous page on screen while the
 * next one loads.
 */
export function EquipmentPage() {
  const { params, update, closeUnit } = useListParams();
  const { search } = useLocation();
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const latest = useLatestVersions();
  const { data, isFetching, isError, refetch } = useReadAlignersQuery(listQuery(params));
  // The selection: which unit's dialog is open (client state, not the server's).
  const [dialog, setDialog] = useState<UnitDialog | null>(null);

  // A page past the end (the last unit of the last page was deleted, or a stale link): go to the last.
  const total = data?.totalDocs ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const bulk = useBulkSelection(params, data?.docs ?? [], total);
  const mayBulk = bulkActionsFor(user?.role).length > 0;
  useEffect(() => {
    if (data && !isFetching && params.page > lastPage) update({ page: lastPage }, { replace: true });
  }, [data, isFetching, params.page, lastPage, update]);

  const detailHref = (serialNumber: string) => {
    const next = new URLSearchParams(search);
    next.set('serial', serialNumber);
    return `?${next.toString()}`;
  };
  const openSerial = params.serial;
  const closeDetail = useCallback(() => {
    if (openSerial) closeUnit(openSerial);
  }, [closeUnit, openSerial]);
  const openDialog = useCallback(
    (kind: UnitDialogKind, serialNumber: string) => setDialog({ kind, serialNumber }),
    [],
  );
  const closeDialog = useCallback(() => setDialog(null), []);

  const onDeleted = (serialNumber: string) => {
    setDialog(null);
    if (params.serial === serialNumber) update({ serial: undefined }, { replace: true });
    dispatch(snackbarShown(T.equipmentDeleted(serialNumber)));
  };

  const onSerialReset = (oldSerial: string, newSerial: string) => {
    setDialog(null);
    if (params.serial === oldSerial) update({ serial: newSerial }, { replace: true });
    dispatch(snackbarShown(T.serialChanged(newSerial)));
  };

  return (
    <>
      <Card
        title={T.title}
        role="region"
        aria-label={T.title}
        extra={<ExportCsvButton list="equipment.readAligners" query={listQuery(params)} />}
      >
        <SavedViews screen="equipment" current={listQuery(params)} />
        <FilterBar params={params} update={update} />
        <RolloutFromFiltersButton params={params} />
        {mayBulk && <BulkActionsBar selection={bulk} role={user?.role} />}
        {isError && !data ? (
          <Result
            status="warning"
            title={T.listFailed}
            extra={<Button onClick={() => void refetch()}>{T.retry}</Button>}
          />
        ) : (
          <EquipmentTable
            rows={data?.docs ?? []}
            total={total}
            loading={isFetching}
            params={params}
            update={update}
            latest={latest}
            role={user?.role}
            rowSelection={mayBulk ? bulk.rowSelection : undefined}
            detailHref={detailHref}
            onAction={(kind, serialNumber) =>
              kind === 'details' ? update({ serial: serialNumber }) : openDialog(kind, serialNumber)
            }
          />
        )}
      </Card>
      {params.serial && (
        <AlignerDetailDialog
          key={params.serial}
          serialNumber={params.serial}
          onClose={closeDetail}
          onOpenDialog={openDialog}
        />
      )}
      {dialog && (
        <UnitDialogs
          dialog={dialog}
          onClose={closeDialog}
          onDeleted={onDeleted}
          onSerialReset={onSerialReset}
        />
      )}
    </>
  );
}
