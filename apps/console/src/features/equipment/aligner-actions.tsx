import { Button, Flex, Space } from 'antd';
import {
  ApiOutlined,
  CameraOutlined,
  CloudUploadOutlined,
  DisconnectOutlined,
  FileAddOutlined,
  KeyOutlined,
  PoweroffOutlined,
  PrinterOutlined,
  ThunderboltOutlined,
  UsbOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { type Aligner, type CommandResponse, type VersionRecord } from '@equipment-dashboard/contract';
import {
  useAlignerActivateMutation,
  useAlignerGetPrinterStatusMutation,
  useAlignerGetScreenShotMutation,
  useAlignerGetUsbStatusMutation,
  useAlignerGetVoltagesMutation,
  useAlignerOpenSshPortMutation,
  useAlignerRcpMutation,
  useAlignerSetLoggingLevelMutation,
} from '@equipment-dashboard/api-client';
import {
  can,
  nextLogLevel,
  PERMISSIONS,
  type Role,
  type UnitCapabilities,
} from '@equipment-dashboard/domain';
import { useAppDispatch } from '../../app/store';
import { formatDateTime, type CommandRunner } from '../../shared/equipment';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { EQUIPMENT_TEXTS as T } from './texts';
import type { UnitDialogKind } from './unit-dialogs-state';
import { useStaging } from './use-staging';

export interface AlignerActionsProps {
  aligner: Aligner;
  capabilities: UnitCapabilities;
  /** The family's latest record that Stage sends, or null when none is published. */
  latest: VersionRecord | null;
  role: Role | undefined;
  username: string;
  runner: CommandRunner;
  onOpenDialog: (kind: UnitDialogKind) => void;
  /** A result worth keeping on screen (the opened port). */
  onResult: (text: string) => void;
  onCancel: () => void;
}

interface ActionButton {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  /** Runs a call through the runner (loading until it answers), or opens a dialog. */
  onClick: () => void;
}

/**
 * The action buttons of the detail dialog (console-core §2), each shown only when the unit's software
 * offers it (`unitCapabilities`, console-core §5) and the role may use it (`can`, console-core §6).
 * Buttons that call the unit show a loading state until the call answers; a failure ends it and shows
 * the server's reason in the dialog, and a command queued for an offline unit (or not answered yet) shows
 * the runner's notice. Grouped: reports, unit commands, software, service.
 */
export function AlignerActions(props: AlignerActionsProps) {
  const { aligner, capabilities, latest, role, username, runner, onOpenDialog, onResult, onCancel } = props;
  const dispatch = useAppDispatch();
  const serialNumber = aligner.serialNumber;
  const [openPort] = useAlignerOpenSshPortMutation();
  const [activate] = useAlignerActivateMutation();
  const [usb] = useAlignerGetUsbStatusMutation();
  const [printer] = useAlignerGetPrinterStatusMutation();
  const [voltages] = useAlignerGetVoltagesMutation();
  const [setLoggingLevel] = useAlignerSetLoggingLevelMutation();
  const [rcp] = useAlignerRcpMutation();
  const [screenShot] = useAlignerGetScreenShotMutation();
  const staging = useStaging(username);
  const say = (text: string) => dispatch(snackbarShown(text));

  /**
   * A command whose answer opens the dialog that shows what it produced (report, screenshot list). Queued
   * for an offline unit, there is nothing to show yet: the runner's notice says so instead. Taken but not
   * answered yet (`accepted`), the dialog still opens on the latest report there is, dated, beside the notice.
   */
  const thenShow = (key: string, label: string, call: typeof usb, kind: UnitDialogKind) => async () => {
    const answer = await runner.command(key, label, () => call({ serialNumber }).unwrap());
    if (answer && answer.status !== 'queued') onOpenDialog(kind);
  };
  /** A command whose success is a short snackbar; queued or not answered yet, the runner's notice shows. */
  const thenSay = async (key: string, label: string, call: () => Promise<CommandResponse>, done: string) => {
    const answer = await runner.command(key, label, call);
    if (answer?.status === 'completed') say(done);
  };

  const mayCommand = can(role, PERMISSIONS.sendCommand);
  const mayStage = can(role, PERMISSIONS.stageUpdates);
  const level = nextLogLevel(aligner.logLevel);
  const levelLabel = level === 'INFO' ? T.raiseLogLevel : T.lowerLogLevel;
  const pending = aligner.pendingSoftwareDownload;

  const reports: ActionButton[] = mayCommand
    ? [
        {
          key: 'usb',
          label: T.usb,
          icon: <UsbOutlined aria-hidden />,
          onClick: thenShow('usb', T.usb, usb, 'usb'),
        },
        {
          key: 'printer',
          label: T.printer,
          icon: <PrinterOutlined aria-hidden />,
          onClick: thenShow('printer', T.printer, printer, 'printer'),
        },
        {
          key: 'voltages',
          label: T.voltages,
          icon: <ThunderboltOutlined aria-hidden />,
          onClick: thenShow('voltages', T.voltages, voltages, 'voltages'),
        },
        ...(capabilities.screenshot
          ? [
              {
                key: 'screenShot',
                label: T.screenShot,
                icon: <CameraOutlined aria-hidden />,
                onClick: thenShow('screenShot', T.screenShot, screenShot, 'screenshots'),
              },
            ]
          : []),
      ]
    : [];

  const commands: ActionButton[] = [
    ...(mayCommand && capabilities.activate
      ? [
          {
            key: 'activate',
            label: T.activate,
            icon: <PoweroffOutlined aria-hidden />,
            onClick: () =>
              void thenSay(
                'activate',
                T.activate,
                () => activate({ serialNumber }).unwrap(),
                T.activated(serialNumber),
              ),
          },
        ]
      : []),
    ...(mayCommand && capabilities.loggingLevel
      ? [
          {
            key: 'logLevel',
            label: levelLabel,
            onClick: () =>
              void thenSay(
                'logLevel',
                levelLabel,
                () => setLoggingLevel({ serialNumber, loggingLevel: level }).unwrap(),
                T.logLevelSet(level),
              ),
          },
        ]
      : []),
    ...(capabilities.changeTargets && can(role, PERMISSIONS.changeTargets)
      ? [{ key: 'changeTargets', label: T.changeTargets, onClick: () => onOpenDialog('changeTarget') }]
      : []),
    ...(capabilities.rcp && can(role, PERMISSIONS.rcp)
      ? [
          {
            key: 'rcp',
            label: T.rcp,
            icon: <ApiOutlined aria-hidden />,
            onClick: () =>
              void thenSay('rcp', T.rcp, () => rcp({ serialNumber }).unwrap(), T.rcpDone(serialNumber)),
          },
        ]
      : []),
    ...(can(role, PERMISSIONS.openPort)
      ? [
          {
            key: 'openPort',
            label: T.openPort,
            icon: <KeyOutlined aria-hidden />,
            onClick: async () => {
              const answer = await runner.command('openPort', T.openPort, () =>
                openPort({ serialNumber }).unwrap(),
              );
              // Queued or not answered yet, there is no port: the runner's notice shows instead.
              if (answer?.status !== 'completed') return;
              const port = answer.result?.['port'];
              if (port === undefined || port === null || typeof port === 'boolean') return;
              const expiresAt = answer.result?.['expiresAt'];
              onResult(
                typeof expiresAt === 'string'
                  ? T.portOpened(port, formatDateTime(expiresAt))
                  : T.portOpenedNoExpiry(port),
              );
            },
          },
        ]
      : []),
    ...(capabilities.resetSerial && can(role, PERMISSIONS.resetSerial)
      ? [
          {
            key: 'resetSerial',
            label: T.resetSerial,
            icon: <DisconnectOutlined aria-hidden />,
            danger: true,
            onClick: () => onOpenDialog('resetSerial'),
          },
        ]
      : []),
  ];

  const software: ActionButton[] = [];
  if (mayStage && capabilities.canStage && latest) {
    const label = T.stage(latest.semantic);
    software.push({
      key: 'stage',
      label,
      icon: <CloudUploadOutlined aria-hidden />,
      onClick: async () => {
        const staged = await runner.run('stage', label, () =>
          staging.stage(aligner.family, serialNumber, latest),
        );
        if (staged) say(T.staged(staged.version.semantic));
      },
    });
  }
  if (mayStage && capabilities.canUnstage) {
    const label = T.unstage(pending);
    software.push({
      key: 'unstage',
      label,
      onClick: async () => {
        if (await runner.run('unstage', label, () => staging.unstage(aligner.family, serialNumber))) {
          say(T.unstaged(pending));
        }
      },
    });
  }

  const groups = [
    { title: T.reportsGroup, buttons: reports },
    { title: T.commandsGroup, buttons: commands },
    { title: T.softwareGroup, buttons: software },
  ].filter((group) => group.buttons.length > 0);

  return (
    <Flex vertical gap={12} style={{ textAlign: 'start' }}>
      <Flex wrap align="center" gap="8px 24px">
        {groups.map((group) => (
          <Flex key={group.title} align="center" gap={8}>
            <Space wrap size={6} role="group" aria-label={group.title}>
              {group.buttons.map((button) => (
                <Button
                  key={button.key}
                  icon={button.icon}
                  danger={button.danger}
                  loading={runner.isRunning(button.key)}
                  onClick={button.onClick}
                >
                  {button.label}
                </Button>
              ))}
            </Space>
          </Flex>
        ))}
      </Flex>
      <Flex justify="space-between" wrap gap={8}>
        {can(role, PERMISSIONS.manageTickets) ? (
          <Button
            type="primary"
            icon={<FileAddOutlined aria-hidden />}
            onClick={() => onOpenDialog('ticket')}
          >
            {T.openTicket}
          </Button>
        ) : (
          <span />
        )}
        <Button onClick={onCancel}>{T.cancel}</Button>
      </Flex>
    </Flex>
  );
}
