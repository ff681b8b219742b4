import { Button, Select, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { Alert } from '@equipment-dashboard/contract';
import { useReadAlertsQuery } from '@equipment-dashboard/api-client';
import { alertTransition, ALERT_SEVERITIES, FAMILIES, type AlertState } from '@equipment-dashboard/domain';
import { AlertSubjectLink } from '../../shared/alerts/alert-subject';
import { SeverityTag } from '../../shared/alerts/severity-tag';
import { FilterInput } from '../../shared/back-office/filter-input';
import { ServerList } from '../../shared/back-office/server-list';
import { useListSearch } from '../../shared/back-office/use-list-search';
import { formatDateTime } from '../../shared/equipment/format';
import { AcknowledgeDialog, ResolveDialog } from './alert-actions';
import { AlertDetailDrawer } from './alert-detail';
import { ALERT_FILTERS, alertsQuery } from './list-filters';
import { RuleSelect } from './rule-select';
import { ALERTS_TEXTS as T } from './texts';

/**
 * The alerts of one state (the tabs Firing, Acknowledged, Resolved, Silenced): server-paged with the page and the
 * filters (severity, rule, family, serial) in the URL, Export CSV of every alert they match, and for the roles
 * that may, several selected and acknowledged with one comment, or resolved. Live changes reload it (ALERT_UPDATED).
 */
export function AlertList({ state, mayAct }: { state: AlertState; mayAct: boolean }) {
  const search = useListSearch(ALERT_FILTERS);
  const query = alertsQuery(state, search);
  const result = useReadAlertsQuery(query);
  const { filters, setFilters } = search;
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<'acknowledge' | 'resolve' | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const mayAcknowledge = mayAct && alertTransition(state, 'acknowledge') !== null;
  const mayResolve = mayAct && alertTransition(state, 'resolve') !== null;

  const columns: TableColumnsType<Alert> = [
    {
      key: 'severity',
      title: T.severity,
      width: 110,
      render: (_v, a) => <SeverityTag severity={a.severity} />,
    },
    { key: 'rule', title: T.rule, dataIndex: 'ruleName' },
    { key: 'subject', title: T.subject, render: (_v, a) => <AlertSubjectLink subject={a.subject} /> },
    {
      key: 'summary',
      title: T.summary,
      render: (_v, a) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0, whiteSpace: 'normal', textAlign: 'start' }}
          aria-label={`${T.openDetail(a.id)}: ${a.summary}`}
          onClick={() => setDetailId(a.id)}
        >
          {a.summary}
        </Button>
      ),
    },
    { key: 'cause', title: T.cause, render: (_v, a) => a.cause ?? '' },
    { key: 'fired', title: T.fired, width: 170, render: (_v, a) => formatDateTime(a.firedAt ?? a.startedAt) },
    ...(state === 'acknowledged'
      ? [
          {
            key: 'acknowledgedBy',
            title: T.acknowledgedBy,
            render: (_v: unknown, a: Alert) => a.acknowledgedBy ?? '',
          },
          { key: 'comment', title: T.comment, render: (_v: unknown, a: Alert) => a.comment ?? '' },
        ]
      : []),
    ...(state === 'resolved'
      ? [
          {
            key: 'resolved',
            title: T.resolved,
            width: 170,
            render: (_v: unknown, a: Alert) => formatDateTime(a.resolvedAt),
          },
          { key: 'resolvedBy', title: T.resolvedBy, render: (_v: unknown, a: Alert) => a.resolvedBy ?? '' },
        ]
      : []),
  ];

  const selectable = mayAcknowledge || mayResolve;
  const done = () => {
    setDialog(null);
    setSelected([]);
  };

  return (
    <>
      <ServerList<Alert>
        result={result}
        search={search}
        columns={columns}
        emptyText={T.emptyList}
        scroll={{ x: 960 }}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (a) => ({ 'aria-label': T.selectAlert(a.id) }),
              }
            : undefined
        }
        filters={
          <>
            <Select
              aria-label={T.severity}
              placeholder={T.anySeverity}
              allowClear
              style={{ width: 150 }}
              value={filters.severity || undefined}
              options={ALERT_SEVERITIES.map((s) => ({ value: s, label: s }))}
              onChange={(value: string | undefined) => setFilters({ severity: value ?? '' })}
            />
            <RuleSelect
              label={T.rule}
              placeholder={T.anyRule}
              width={220}
              value={query.ruleId ?? null}
              onChange={(ruleId) => setFilters({ ruleId: ruleId === null ? '' : String(ruleId) })}
            />
            <Select
              aria-label={T.family}
              placeholder={T.anyFamily}
              allowClear
              style={{ width: 150 }}
              value={filters.family || undefined}
              options={FAMILIES.map((f) => ({ value: f, label: f }))}
              onChange={(value: string | undefined) => setFilters({ family: value ?? '' })}
            />
            <FilterInput
              label={T.filterSerial}
              value={filters.serialNumber}
              style={{ width: 220 }}
              onCommit={(serialNumber) => setFilters({ serialNumber }, { replace: true })}
            />
          </>
        }
        actions={
          selectable ? (
            <>
              {selected.length > 0 && <Typography.Text>{T.selected(selected.length)}</Typography.Text>}
              {mayAcknowledge && (
                <Button
                  type="primary"
                  disabled={selected.length === 0}
                  onClick={() => setDialog('acknowledge')}
                >
                  {T.acknowledge}
                </Button>
              )}
              {mayResolve && (
                <Button disabled={selected.length === 0} onClick={() => setDialog('resolve')}>
                  {T.resolve}
                </Button>
              )}
            </>
          ) : undefined
        }
      />
      {dialog === 'acknowledge' && (
        <AcknowledgeDialog
          ids={selected}
          onClose={() => setDialog(null)}
          onDone={done}
          onConflict={() => void result.refetch()}
        />
      )}
      {dialog === 'resolve' && (
        <ResolveDialog
          ids={selected}
          onClose={() => setDialog(null)}
          onDone={done}
          onConflict={() => void result.refetch()}
        />
      )}
      {detailId !== null && <AlertDetailDrawer id={detailId} onClose={() => setDetailId(null)} />}
    </>
  );
}
