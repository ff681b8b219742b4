import { Button, Descriptions, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { RolloutDetail, RolloutFailedUnit, RolloutPhase } from '@equipment-dashboard/contract';
import {
  useAbortRolloutMutation,
  usePauseRolloutMutation,
  useReadRolloutQuery,
  useResumeRolloutMutation,
} from '@equipment-dashboard/api-client';
import {
  ROLLOUT_UNIT_STATES,
  rolloutActions,
  updateStateLabel,
  type RolloutAction,
} from '@equipment-dashboard/domain';
import { ConfirmDialog } from '../../shared/back-office/confirm-dialog';
import { ScreenCard } from '../../shared/back-office/screen-card';
import { RetryAlert } from '../../shared/back-office/server-error-alert';
import { formatDateTime } from '../../shared/equipment/format';
import { PhaseProgress } from './phase-progress';
import { RolloutStateTag } from './rollout-state-tag';
import { ROLLOUTS_TEXTS as T } from './texts';

const pct = (share: number) => `${Math.round(share * 1000) / 10}%`;

/** The failed units as a CSV file (serial, phase, reason, last state), for the browser to download. */
export function failedUnitsCsv(units: readonly RolloutFailedUnit[]): string {
  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const rows = units.map((u) =>
    [u.serialNumber, String(u.phase + 1), u.reason ?? '', u.lastState ?? '', u.updatedAt].map(cell).join(','),
  );
  return ['serialNumber,phase,reason,lastState,updatedAt', ...rows].join('\n') + '\n';
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

function targetText(rollout: RolloutDetail): string {
  const t = rollout.target;
  if (t.kind === 'view') return T.targetText.view(t.viewName ?? String(t.viewId));
  if (t.kind === 'csv') return T.targetText.csv(t.fileName ?? '');
  return T.targetText.filters(
    Object.entries(t.filters ?? {})
      .map(([k, v]) => `${k.replace(/^filter/, '')} ${v}`)
      .join(', '),
  );
}

function ActionButtons({ rollout }: { rollout: RolloutDetail }) {
  const [asked, setAsked] = useState<RolloutAction | null>(null);
  const [pause] = usePauseRolloutMutation();
  const [resume] = useResumeRolloutMutation();
  const [abort] = useAbortRolloutMutation();
  const calls = { pause, resume, abort };
  return (
    <Flex gap={8}>
      {rolloutActions(rollout.state).map((action) => (
        <Button key={action} danger={action === 'abort'} onClick={() => setAsked(action)}>
          {T.actions[action]}
        </Button>
      ))}
      {asked && (
        <ConfirmDialog
          title={T.confirmTitle[asked]}
          text={T.confirmText[asked](rollout.name)}
          danger={asked === 'abort'}
          onConfirm={() => calls[asked]({ id: rollout.id }).unwrap()}
          onDone={() => setAsked(null)}
          onCancel={() => setAsked(null)}
        />
      )}
    </Flex>
  );
}

/** One rollout: its phases with counts by state and a live bar, its failed units, and its buttons. */
export function RolloutDetailView({ id, manage }: { id: number; manage: boolean }) {
  const { data: rollout, error, refetch } = useReadRolloutQuery({ id });
  if (!rollout) {
    return (
      <ScreenCard title={T.title}>
        {error ? <RetryAlert error={error} onRetry={refetch} /> : null}
        <Link to="/Rollouts">{T.back}</Link>
      </ScreenCard>
    );
  }

  const phaseColumns: TableColumnsType<RolloutPhase & { index: number }> = [
    { key: 'phase', title: T.phase, render: (_v, p) => T.phaseLabel(p.index, p.percent) },
    { key: 'total', title: T.units, dataIndex: 'total' },
    ...ROLLOUT_UNIT_STATES.map((state) => ({
      key: state,
      title: T.unitStateLabels[state],
      render: (_v: unknown, p: RolloutPhase) => p.counts[state],
    })),
    {
      key: 'progress',
      title: '',
      width: 220,
      render: (_v, p) => <PhaseProgress phase={p} index={p.index} />,
    },
  ];
  const failedColumns: TableColumnsType<RolloutFailedUnit> = [
    {
      key: 'serialNumber',
      title: T.serialNumber,
      render: (_v, u) => (
        <Link to={`/Aligners?serial=${encodeURIComponent(u.serialNumber)}`}>{u.serialNumber}</Link>
      ),
    },
    { key: 'phase', title: T.phase, render: (_v, u) => u.phase + 1 },
    { key: 'reason', title: T.reason, render: (_v, u) => u.reason ?? '' },
    {
      key: 'lastState',
      title: T.lastState,
      render: (_v, u) => (u.lastState ? `${updateStateLabel(u.lastState)}` : ''),
    },
    { key: 'updatedAt', title: T.createdAt, render: (_v, u) => formatDateTime(u.updatedAt) },
  ];

  return (
    <ScreenCard
      title={`${T.title}: ${rollout.name}`}
      extra={manage ? <ActionButtons rollout={rollout} /> : undefined}
    >
      <Link to="/Rollouts">{T.back}</Link>
      <Descriptions size="small" column={2} style={{ marginTop: 12 }}>
        <Descriptions.Item label={T.state}>
          <RolloutStateTag state={rollout.state} />
        </Descriptions.Item>
        <Descriptions.Item label={T.version}>
          {rollout.family} {rollout.version.semantic}
        </Descriptions.Item>
        <Descriptions.Item label={T.currentPhase}>
          {T.phaseLabel(rollout.currentPhase, rollout.phases[rollout.currentPhase]?.percent ?? 100)}
        </Descriptions.Item>
        <Descriptions.Item label={T.units}>{rollout.totalUnits}</Descriptions.Item>
        <Descriptions.Item label={T.target}>{targetText(rollout)}</Descriptions.Item>
        <Descriptions.Item label={T.createdBy}>
          {rollout.createdBy}, {formatDateTime(rollout.createdAt)}
        </Descriptions.Item>
        {rollout.pauseReason && (
          <Descriptions.Item label={T.pauseReason} span={2}>
            <Typography.Text type="warning">{rollout.pauseReason}</Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Paragraph type="secondary">
        {T.thresholds(pct(rollout.failureThreshold), pct(rollout.successThreshold))}{' '}
        {rollout.window ? T.window(rollout.window.startHour, rollout.window.endHour) : T.anyTime}{' '}
        {rollout.target.excluded ? T.excluded(rollout.target.excluded) : ''}
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey="index"
        pagination={false}
        columns={phaseColumns}
        dataSource={rollout.phases.map((p, index) => ({ ...p, index }))}
      />
      {rollout.skippedReasons.length > 0 && (
        <>
          <Typography.Title level={5}>{T.skippedReasons}</Typography.Title>
          <ul>
            {rollout.skippedReasons.map((r) => (
              <li key={r.reason}>
                {r.reason}: {r.count}
              </li>
            ))}
          </ul>
        </>
      )}
      <Flex justify="space-between" align="center" style={{ marginTop: 16 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {T.failedUnits}
        </Typography.Title>
        <Button
          disabled={rollout.failedUnits.length === 0}
          onClick={() => download(`rollout-${rollout.id}-failed.csv`, failedUnitsCsv(rollout.failedUnits))}
        >
          {T.exportFailed}
        </Button>
      </Flex>
      <Table
        size="small"
        rowKey="serialNumber"
        columns={failedColumns}
        dataSource={rollout.failedUnits}
        locale={{ emptyText: T.noFailed }}
        pagination={{ pageSize: 10, showSizeChanger: false }}
      />
    </ScreenCard>
  );
}
