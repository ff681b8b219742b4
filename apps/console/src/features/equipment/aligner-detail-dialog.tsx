import { Alert, Button, Flex, Result, Skeleton, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useReadAlignerQuery } from '@equipment-dashboard/api-client';
import { unitCapabilities } from '@equipment-dashboard/domain';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { errorStatus } from '../../shared/api/error-text';
import {
  CommandNoticeAlert,
  FavoriteToggle,
  OpenTicketsBadge,
  UpdateStatusPanel,
  useCommandRunner,
  useLatestVersions,
} from '../../shared/equipment';
import { selectUser } from '../../shared/session/session-slice';
import { RefreshButton } from '../../shared/ui/refresh-button';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { AlignerActions } from './aligner-actions';
import { AlignerFields } from './aligner-fields';
import { HISTORY_TEXTS as H } from './history-texts';
import { EQUIPMENT_TEXTS as T } from './texts';
import { UnitAlertsLink } from './unit-alerts-link';
import { UnitHistory } from './unit-history';
import type { UnitDialogKind } from './unit-dialogs-state';
import { decodedSerialText, NOT_DECODABLE_TEXT } from './unit-rules';
import { OpenDialog } from '../../shared/ui/open-dialog';

/**
 * How often an open dialog re-reads a unit whose update is moving. Favourites are pushed live
 * (RADAR_UPDATE_FAVORITE); other units have no event, so the dialog asks while a download or install
 * runs, to show it moving.
 */
const PROGRESS_POLL_MS = 3_000;

export interface AlignerDetailDialogProps {
  serialNumber: string;
  onClose: () => void;
  onOpenDialog: (kind: UnitDialogKind, serialNumber: string) => void;
}

/** The serial with its decoded model, month and year, or '...' when not decodable (console-core §2, §8). */
function SerialTitle({ serialNumber }: { serialNumber: string }) {
  const decoded = decodedSerialText(serialNumber);
  return (
    <Flex vertical gap={0}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {serialNumber}
      </Typography.Title>
      <Typography.Text type="secondary" data-testid="decoded-serial">
        {decoded ? T.decoded(decoded.model, decoded.buildDate) : NOT_DECODABLE_TEXT}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The equipment detail dialog (console-core §2): the unit's fields, its open-ticket badge, favourite
 * toggle, refresh and close, the System Update Status of units with update support, and the action
 * buttons its software and the user's role allow. An unknown serial closes it with the spec's
 * not-found snackbar.
 */
export function AlignerDetailDialog({ serialNumber, onClose, onOpenDialog }: AlignerDetailDialogProps) {
  const user = useAppSelector(selectUser);
  const username = user?.username ?? '';
  const dispatch = useAppDispatch();
  const latest = useLatestVersions();
  const runner = useCommandRunner();
  const [result, setResult] = useState<string | null>(null);
  const [polling, setPolling] = useState(false);
  const [tab, setTab] = useState<'details' | 'history'>('details');
  const {
    data: aligner,
    error,
    isFetching,
    refetch,
  } = useReadAlignerQuery(
    { serialNumber, username },
    { skip: username === '', pollingInterval: polling ? PROGRESS_POLL_MS : 0, skipPollingIfUnfocused: true },
  );

  const moving = aligner?.updateState?.downloading === true || aligner?.updateState?.installing === true;
  useEffect(() => setPolling(moving && aligner?.favorite !== true), [moving, aligner?.favorite]);

  const notFound = errorStatus(error) === 404;
  // Unknown from the start (a link to a unit that does not exist): the spec's snackbar, and no dialog.
  // A unit that goes away while shown (deleted, or renamed by Reset Serial) is handled by whoever did it.
  const neverFound = notFound && !aligner;
  useEffect(() => {
    if (!neverFound) return;
    dispatch(snackbarShown(T.serialNotFound(serialNumber)));
    onClose();
  }, [neverFound, serialNumber, dispatch, onClose]);

  const capabilities = aligner ? unitCapabilities(aligner, latest.byFamily) : null;

  return (
    <OpenDialog
      width={1040}
      style={{ top: 24 }}
      onCancel={onClose}
      title={
        <Flex align="center" gap={16} wrap style={{ paddingInlineEnd: 32 }}>
          <SerialTitle serialNumber={serialNumber} />
          <div style={{ flex: 1 }} />
          {aligner && <OpenTicketsBadge count={aligner.openSupportTickets} showZero />}
          {aligner && <FavoriteToggle serialNumber={serialNumber} favorite={aligner.favorite} />}
          <RefreshButton label={T.refresh} fetching={isFetching} onRefresh={refetch} />
        </Flex>
      }
      footer={
        aligner && capabilities ? (
          <AlignerActions
            aligner={aligner}
            capabilities={capabilities}
            latest={latest.record(aligner.family)}
            role={user?.role}
            username={username}
            runner={runner}
            onOpenDialog={(kind) => onOpenDialog(kind, serialNumber)}
            onResult={setResult}
            onCancel={onClose}
          />
        ) : null
      }
      styles={{ body: { maxHeight: 'calc(100vh - 250px)', overflowY: 'auto', paddingInlineEnd: 8 } }}
    >
      {!aligner && !error && <Skeleton active paragraph={{ rows: 10 }} aria-label={T.loading} />}
      {!aligner && error && !notFound && (
        <Result
          status="warning"
          title={T.unitNotLoaded}
          extra={<Button onClick={() => void refetch()}>{T.retry}</Button>}
        />
      )}
      {aligner && capabilities && (
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key === 'history' ? 'history' : 'details')}
          items={[
            { key: 'details', label: H.detailsTab },
            { key: 'history', label: H.historyTab },
          ]}
        />
      )}
      {aligner && capabilities && tab === 'history' && <UnitHistory serialNumber={serialNumber} />}
      {aligner && capabilities && tab === 'details' && (
        <Flex vertical gap={12}>
          {notFound && <Alert type="warning" showIcon title={T.serialNotFound(serialNumber)} />}
          {runner.failure && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={T.commandFailed(runner.failure.label, runner.failure.message)}
              closable={{ onClose: runner.clearFailure, 'aria-label': T.close }}
            />
          )}
          {runner.notice && (
            <CommandNoticeAlert notice={runner.notice} onClose={runner.clearNotice} closeLabel={T.close} />
          )}
          {result && (
            <Alert
              type="success"
              showIcon
              title={result}
              closable={{ onClose: () => setResult(null), 'aria-label': T.close }}
            />
          )}
          <AlignerFields
            aligner={aligner}
            capabilities={capabilities}
            latest={latest.semantic(aligner.family)}
          />
          <UnitAlertsLink serialNumber={serialNumber} role={user?.role} />
          {/* console-core §2: the updater buttons are "for connected units" in this dialog. */}
          {capabilities.updateStatus && aligner.updateState && (
            <UpdateStatusPanel
              aligner={aligner}
              showCommands={aligner.connected}
              stateLabel={T.updateState}
            />
          )}
        </Flex>
      )}
    </OpenDialog>
  );
}
