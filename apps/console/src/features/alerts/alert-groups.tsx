import { Button, Flex, Spin, Table, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import type { AlertGroup } from '@equipment-dashboard/contract';
import { useReadAlertGroupsQuery, useReadAlertsQuery } from '@equipment-dashboard/api-client';
import { alertTransition, type AlertState } from '@equipment-dashboard/domain';
import { AlertSubjectLink } from '../../shared/alerts/alert-subject';
import { SeverityTag } from '../../shared/alerts/severity-tag';
import { serverPagination } from '../../shared/back-office/pagination';
import { ServerList } from '../../shared/back-office/server-list';
import type { ListSearch } from '../../shared/back-office/use-list-search';
import { formatDateTime } from '../../shared/equipment/format';
import { AcknowledgeDialog, ResolveDialog } from './alert-actions';
import { groupLabel, placeLabel } from '../../shared/alerts/alert-group';
import { alertGroupsQuery, type AlertFilters } from './list-filters';
import { SilenceDialog } from './silence-dialog';
import { ALERTS_TEXTS as T } from './texts';

type OpenState = Exclude<AlertState, 'resolved'>;

/** The key of a group's row: its rule and place. */
export const groupRowKey = (g: Pick<AlertGroup, 'ruleId' | 'countryCode' | 'region'>): string =>
  `${g.ruleId}|${g.countryCode ?? ''}|${g.region ?? ''}`;

/** The alerts of one group (the alert list filtered by its rule and place), a page at a time, inside its row. */
function GroupAlerts({
  group,
  state,
  onOpenList,
}: {
  group: AlertGroup;
  state: OpenState;
  onOpenList: (group: AlertGroup) => void;
}) {
  const [page, setPage] = useState(1);
  const result = useReadAlertsQuery({
    page,
    state,
    ruleId: group.ruleId,
    countryCode: group.countryCode ?? undefined,
    region: group.region ?? undefined,
  });
  if (result.isLoading) return <Spin aria-label={T.groupUnitsLoading} />;
  return (
    <Flex vertical gap={8}>
      <Table
        size="small"
        rowKey="id"
        dataSource={result.data?.docs ?? []}
        pagination={serverPagination(page, result.data?.totalDocs ?? 0, setPage)}
        columns={[
          { key: 'subject', title: T.subject, render: (_v, a) => <AlertSubjectLink subject={a.subject} /> },
          { key: 'summary', title: T.summary, dataIndex: 'summary' },
          { key: 'started', title: T.started, render: (_v, a) => formatDateTime(a.startedAt) },
        ]}
      />
      <div>
        <Button type="link" style={{ padding: 0 }} onClick={() => onOpenList(group)}>
          {T.openGroupAsList(result.data?.totalDocs ?? group.count)}
        </Button>
      </div>
    </Flex>
  );
}

type GroupDialog = { kind: 'acknowledge' | 'resolve' | 'silence'; group: AlertGroup };

/**
 * An alerts tab grouped by place: one row per rule and place (a country, a region of it that stands out) with the
 * alerts the filters count, their first and last start, the share of the place's units they are, and what the drop
 * says; a row expands to its alerts. The roles that may acknowledge and resolve do so for a whole group with one
 * comment; those that manage silences silence its rule in its place.
 */
export function AlertGroups({
  state,
  search,
  mayAct,
  maySilence,
  filters,
  onOpenList,
}: {
  state: OpenState;
  search: ListSearch<AlertFilters>;
  mayAct: boolean;
  maySilence: boolean;
  filters: ReactNode;
  onOpenList: (group: AlertGroup) => void;
}) {
  const result = useReadAlertGroupsQuery(alertGroupsQuery(state, search));
  const [dialog, setDialog] = useState<GroupDialog | null>(null);
  const mayAcknowledge = mayAct && alertTransition(state, 'acknowledge') !== null;
  const mayResolve = mayAct && alertTransition(state, 'resolve') !== null;

  const columns: TableColumnsType<AlertGroup> = [
    {
      key: 'severity',
      title: T.severity,
      width: 110,
      render: (_v, g) => <SeverityTag severity={g.severity} />,
    },
    { key: 'rule', title: T.rule, dataIndex: 'ruleName' },
    { key: 'place', title: T.place, render: (_v, g) => placeLabel(g) },
    { key: 'count', title: T.alertsCount, align: 'end', render: (_v, g) => g.count.toLocaleString('en-US') },
    { key: 'first', title: T.firstStarted, width: 170, render: (_v, g) => formatDateTime(g.firstStartedAt) },
    { key: 'last', title: T.lastStarted, width: 170, render: (_v, g) => formatDateTime(g.lastStartedAt) },
    { key: 'share', title: T.share, align: 'end', render: (_v, g) => T.shareText(g.share) },
    { key: 'summary', title: T.cause, render: (_v, g) => g.summary ?? '' },
    ...(mayAcknowledge || mayResolve || maySilence
      ? [
          {
            key: 'actions',
            title: T.actions,
            render: (_v: unknown, g: AlertGroup) => (
              <Flex gap={4} wrap>
                {mayAcknowledge && (
                  <Button
                    size="small"
                    type="primary"
                    aria-label={T.acknowledgeGroup(groupLabel(g))}
                    onClick={() => setDialog({ kind: 'acknowledge', group: g })}
                  >
                    {T.acknowledge}
                  </Button>
                )}
                {mayResolve && (
                  <Button
                    size="small"
                    aria-label={T.resolveGroup(groupLabel(g))}
                    onClick={() => setDialog({ kind: 'resolve', group: g })}
                  >
                    {T.resolve}
                  </Button>
                )}
                {maySilence && (
                  <Button
                    size="small"
                    aria-label={T.silenceGroup(groupLabel(g))}
                    onClick={() => setDialog({ kind: 'silence', group: g })}
                  >
                    {T.silence}
                  </Button>
                )}
              </Flex>
            ),
          },
        ]
      : []),
  ];

  const close = () => setDialog(null);
  return (
    <>
      <ServerList<AlertGroup>
        result={result}
        search={search}
        columns={columns}
        rowKey={groupRowKey}
        emptyText={T.emptyList}
        scroll={{ x: 1100 }}
        exportCsv={false}
        filters={filters}
        expandable={{
          expandedRowRender: (g) => <GroupAlerts group={g} state={state} onOpenList={onOpenList} />,
        }}
      />
      {dialog?.kind === 'acknowledge' && (
        <AcknowledgeDialog
          group={dialog.group}
          onClose={close}
          onDone={close}
          onConflict={() => void result.refetch()}
        />
      )}
      {dialog?.kind === 'resolve' && (
        <ResolveDialog
          group={dialog.group}
          onClose={close}
          onDone={close}
          onConflict={() => void result.refetch()}
        />
      )}
      {dialog?.kind === 'silence' && <SilenceDialog group={dialog.group} onClose={close} />}
    </>
  );
}
