import { Button, Card, Flex, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { ScenarioRun } from '@equipment-dashboard/contract';
import { useCancelScenarioRunMutation, useReadScenarioRunsQuery } from '@equipment-dashboard/api-client';
import { serverPagination } from '../../shared/back-office/pagination';
import { usePhoneTable } from '../../shared/ui/phone-table';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { serverProblem } from '../../shared/back-office/server-error';
import { useServerCall } from '../../shared/back-office/use-server-call';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { useAppDispatch } from '../../app/store';
import { formatSimulated } from './format-simulated';
import { SIMULATOR_TEXTS as T } from './texts';

const L = T.timeline;
const STATE_COLOURS = { pending: 'blue', played: 'default', cancelled: 'orange' } as const;

/** A run's later steps: when each plays (simulated) and whether it is pending, played or cancelled. */
function RunSteps({ run }: { run: ScenarioRun }) {
  if (run.steps.length === 0) return <>{L.noSteps}</>;
  return (
    <Flex vertical gap={2}>
      {run.steps.map((step, i) => (
        <span key={i}>
          {L.stepText(step.at, formatSimulated(Date.parse(step.dueAt)))}{' '}
          <Tag color={STATE_COLOURS[step.state]}>{L.stateLabels[step.state]}</Tag>
        </span>
      ))}
    </Flex>
  );
}

/** The applied scenarios, newest first, with their later steps at their simulated times; Cancel for pending ones. */
export function ScenarioTimeline() {
  const [page, setPage] = useState(1);
  const { data, isFetching, error } = useReadScenarioRunsQuery({ page });
  const [cancelRun] = useCancelScenarioRunMutation();
  const call = useServerCall();
  const dispatch = useAppDispatch();
  const cancel = async (run: ScenarioRun) => {
    if (await call.run(() => cancelRun({ id: run.id }).unwrap()))
      dispatch(snackbarShown(L.cancelled(run.name)));
  };
  const columns: TableColumnsType<ScenarioRun> = [
    { key: 'name', title: L.scenario, dataIndex: 'name' },
    { key: 'appliedBy', title: L.appliedBy, dataIndex: 'appliedBy' },
    { key: 'appliedAt', title: L.appliedAt, render: (_v, run) => formatSimulated(Date.parse(run.appliedAt)) },
    { key: 'steps', title: L.steps, render: (_v, run) => <RunSteps run={run} /> },
    {
      key: 'cancel',
      title: L.cancel,
      render: (_v, run) =>
        run.steps.some((step) => step.state === 'pending') ? (
          <Button
            danger
            aria-label={L.cancelOf(run.name)}
            disabled={call.running}
            onClick={() => void cancel(run)}
          >
            {L.cancel}
          </Button>
        ) : null,
    },
  ];
  // On a phone the scenario and its steps stay (with Cancel), who and when fold into the row's expansion.
  const table = usePhoneTable<ScenarioRun>({
    keep: ['name', 'steps', 'cancel'],
    columns,
    pagination: { ...serverPagination(page, data?.totalDocs ?? 0, setPage), hideOnSinglePage: true },
  });
  return (
    <Card title={L.title} size="small" role="region" aria-label={L.title}>
      <ServerErrorAlert problem={error ? serverProblem(error) : call.problem} />
      <Table<ScenarioRun>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.docs ?? []}
        locale={{ emptyText: L.empty }}
        {...table}
      />
    </Card>
  );
}
