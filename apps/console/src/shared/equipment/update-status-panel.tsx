import { Alert, Button, Card, Descriptions, Flex, Progress, Space, Tooltip, Typography } from 'antd';
import { CloudDownloadOutlined, CloudSyncOutlined, ToolOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { type Aligner } from '@equipment-dashboard/contract';
import {
  useAlignerCheckNowMutation,
  useAlignerDownloadNowMutation,
  useAlignerInstallNowMutation,
} from '@equipment-dashboard/api-client';
import { can, PERMISSIONS, updateStateLabel } from '@equipment-dashboard/domain';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { selectUser } from '../session/session-slice';
import { snackbarShown } from '../ui/ui-slice';
import { CommandNoticeAlert } from './command-notice-alert';
import { formatBytes, formatDuration, formatPercent, formatRate } from './format';
import { UNIT_TEXTS } from './texts';
import { useCommandRunner } from './use-command-runner';

type DownloadProgress = NonNullable<NonNullable<Aligner['updateState']>['downloadProgress']['software']>;

/** One download (software or specs): file, files, bytes, percent, rate and time remaining (console-core §2). */
function DownloadProgressView({ title, progress }: { title: string; progress: DownloadProgress }) {
  const { fileProgress } = progress;
  return (
    <section aria-label={title}>
      <Typography.Text strong>{title}</Typography.Text>
      <Progress
        percent={Math.round(fileProgress.progress * 10) / 10}
        size="small"
        status="active"
        aria-label={`${title} ${UNIT_TEXTS.percent}`}
        format={() => formatPercent(fileProgress.progress)}
      />
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          {
            key: 'file',
            label: UNIT_TEXTS.currentFile,
            children: progress.currentFile || '–',
            span: 'filled',
          },
          {
            key: 'files',
            label: UNIT_TEXTS.files,
            children: UNIT_TEXTS.filesOf(progress.filesTransferred, progress.totalFilesToTransfer),
          },
          { key: 'bytes', label: UNIT_TEXTS.bytes, children: formatBytes(fileProgress.bytesTransferred) },
          { key: 'percent', label: UNIT_TEXTS.percent, children: formatPercent(fileProgress.progress) },
          { key: 'rate', label: UNIT_TEXTS.rate, children: formatRate(fileProgress.transferRate) },
          {
            key: 'remaining',
            label: UNIT_TEXTS.timeRemaining,
            children: formatDuration(fileProgress.estimatedTimeRemaining),
          },
        ]}
      />
    </section>
  );
}

export interface UpdateStatusPanelProps {
  aligner: Aligner;
  /** Show Check Cloud, Download Updates and Install Updates. */
  showCommands: boolean;
  /** Shown but not pressable, with this reason as tooltip (My Radar: a disconnected unit). */
  commandsDisabledReason?: string;
  /** Beside the card's title. */
  extra?: ReactNode;
  /** The label of the updater state: 'Updater State' on My Radar, 'Update State' in the detail dialog. */
  stateLabel?: string;
}

/**
 * The System Update Status panel (console-core §2) of a unit with update support: the updater state
 * (with the labels of console-core §4), download progress of software and specs, install progress and
 * the three updater commands. The caller checks the unit's update support (`unitCapabilities`).
 */
export function UpdateStatusPanel({
  aligner,
  showCommands,
  commandsDisabledReason,
  extra,
  stateLabel = UNIT_TEXTS.updaterState,
}: UpdateStatusPanelProps) {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const runner = useCommandRunner();
  const [checkNow] = useAlignerCheckNowMutation();
  const [downloadNow] = useAlignerDownloadNowMutation();
  const [installNow] = useAlignerInstallNowMutation();
  const state = aligner.updateState;
  const serialNumber = aligner.serialNumber;
  const mayCommand = can(user?.role, PERMISSIONS.sendCommand);

  const commands = [
    {
      key: 'check',
      label: UNIT_TEXTS.checkCloud,
      icon: <CloudSyncOutlined aria-hidden />,
      done: UNIT_TEXTS.checkCloudDone,
      call: checkNow,
    },
    {
      key: 'download',
      label: UNIT_TEXTS.downloadUpdates,
      icon: <CloudDownloadOutlined aria-hidden />,
      done: UNIT_TEXTS.downloadDone,
      call: downloadNow,
    },
    {
      key: 'install',
      label: UNIT_TEXTS.installUpdates,
      icon: <ToolOutlined aria-hidden />,
      done: UNIT_TEXTS.installDone,
      call: installNow,
    },
  ] as const;

  const send = async (command: (typeof commands)[number]) => {
    const answer = await runner.command(command.key, command.label, () =>
      command.call({ serialNumber }).unwrap(),
    );
    // Queued or not answered yet: the runner keeps a notice that the panel shows instead.
    if (answer?.status === 'completed') dispatch(snackbarShown(command.done));
  };

  const software = state?.downloadProgress.software ?? null;
  const specs = state?.downloadProgress.specs ?? null;
  const install = state?.installing ? state.installProgress : null;

  return (
    <Card
      size="small"
      type="inner"
      title={UNIT_TEXTS.systemUpdateStatus}
      extra={extra}
      role="region"
      aria-label={UNIT_TEXTS.systemUpdateStatus}
    >
      <Flex vertical gap={8}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'state', label: stateLabel, children: updateStateLabel(state?.state) || '–' },
            {
              key: 'version',
              label: UNIT_TEXTS.updateVersion,
              children: state?.softwareUpdateDownload?.version.semantic ?? '–',
            },
          ]}
        />
        {software && <DownloadProgressView title={UNIT_TEXTS.softwareDownload} progress={software} />}
        {specs && <DownloadProgressView title={UNIT_TEXTS.specsDownload} progress={specs} />}
        {install && (
          <section aria-label={UNIT_TEXTS.installProgress}>
            <Typography.Text strong>{UNIT_TEXTS.installProgress}</Typography.Text>
            <Progress
              percent={Math.round(install.progress * 10) / 10}
              size="small"
              status="active"
              aria-label={UNIT_TEXTS.installProgress}
              format={() => formatPercent(install.progress)}
            />
            {install.currentStep && <Typography.Text type="secondary">{install.currentStep}</Typography.Text>}
          </section>
        )}
        {!software && !specs && !install && (
          <Typography.Text type="secondary">{UNIT_TEXTS.nothingInProgress}</Typography.Text>
        )}
        {showCommands && mayCommand && (
          <Space wrap size="small">
            {commands.map((command) => (
              <Tooltip key={command.key} title={commandsDisabledReason}>
                <Button
                  size="small"
                  icon={command.icon}
                  loading={runner.isRunning(command.key)}
                  disabled={commandsDisabledReason !== undefined}
                  onClick={() => void send(command)}
                >
                  {command.label}
                </Button>
              </Tooltip>
            ))}
          </Space>
        )}
        {runner.failure && (
          <Alert
            type="error"
            showIcon
            title={UNIT_TEXTS.commandFailed(runner.failure.label, runner.failure.message)}
            closable={{ onClose: runner.clearFailure, 'aria-label': UNIT_TEXTS.dismiss }}
          />
        )}
        {runner.notice && (
          <CommandNoticeAlert
            notice={runner.notice}
            onClose={runner.clearNotice}
            closeLabel={UNIT_TEXTS.dismiss}
          />
        )}
      </Flex>
    </Card>
  );
}
