import { Button, Segmented, Select, Spin, Tag, Typography, type TableColumnsType } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { Alert, AlertGroup } from '@equipment-dashboard/contract';
import { useReadAlertGroupsQuery, useReadAlertsQuery } from '@equipment-dashboard/api-client';
import {
  alertTransition,
  ALERT_SEVERITIES,
  FAMILIES,
  prefersGroupedView,
  type AlertState,
} from '@equipment-dashboard/domain';
import { AlertSubjectLink } from '../../shared/alerts/alert-subject';
import { SeverityTag } from '../../shared/alerts/severity-tag';
import { FilterInput } from '../../shared/back-office/filter-input';
import { ServerList } from '../../shared/back-office/server-list';
import { useListSearch, type ListSearch } from '../../shared/back-office/use-list-search';
import { formatDateTime } from '../../shared/equipment/format';
import { AcknowledgeDialog, ResolveDialog } from './alert-actions';
import { AlertDetailDrawer } from './alert-detail';
import { AlertGroups } from './alert-groups';
import { alertWhy } from './alert-why';
import {
  ALERT_FILTERS,
  alertGroupsQuery,
  alertsQuery,
  chosenView,
  type AlertFilters,
  type AlertsView,
} from './list-filters';
import { RuleSelect } from './rule-select';
import { ALERTS_TEXTS as T } from './texts';
import { WhyDisabled } from '../../shared/ui/why-disabled';

/** The filters both views of a tab show (severity, rule, family, serial), and the view's switch. */
function AlertFiltersBar({ search, view }: { search: ListSearch<AlertFilters>; view: AlertsView | null }) {
  const { filters, setFilters } = search;
  const ruleId = /^[1-9]\d{0,9}$/.test(filters.ruleId) ? Number(filters.ruleId) : null;
  return (
    <>
      {view !== null && (
        <Segmented<AlertsView>
          aria-label={T.view}
          value={view}
          options={[
            { value: 'groups', label: T.viewGroups },
            { value: 'list', label: T.viewList },
          ]}
          onChange={(next) => setFilters({ view: next })}
        />
      )}
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
        value={ruleId}
        onChange={(next) => setFilters({ ruleId: next === null ? '' : String(next) })}
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
      {(filters.countryCode || filters.region) && (
        <Tag
          closable={{ 'aria-label': T.clearPlace }}
          onClose={() => setFilters({ countryCode: '', region: '' })}
        >
          {T.placeFilter(filters.countryCode, filters.region)}
        </Tag>
      )}
    </>
  );
}

/**
 * The alerts of one state (the tabs Firing, Acknowledged, Resolved, Silenced), grouped by rule and place or one
 * row per alert, with the page, the filters (severity, rule, family, serial, place) and the view in the URL. An open
 * state's tab opens grouped when a rule has more than a page of alerts in it (prefersGroupedView), else as the list;
 * the view's switch chooses. Live changes reload it (ALERT_UPDATED).
 */
export function AlertList({
  state,
  mayAct,
  maySilence = false,
}: {
  state: AlertState;
  mayAct: boolean;
  maySilence?: boolean;
}) {
  const search = useListSearch(ALERT_FILTERS);
  const openState = state === 'resolved' ? null : state;
  const chosen = chosenView(search.filters);
  // The first page of groups says whether the tab opens grouped (asked only while the URL does not choose).
  const probe = useReadAlertGroupsQuery(
    openState && chosen === null
      ? alertGroupsQuery(openState, { page: 1, filters: search.filters })
      : skipToken,
  );
  const decided: AlertsView | null =
    openState === null
      ? 'list'
      : (chosen ??
        (probe.data
          ? prefersGroupedView(probe.data.docs)
            ? 'groups'
            : 'list'
          : probe.isError
            ? 'list'
            : null));
  // While the probe reads again (other filters), the tab keeps the view it shows rather than flash a spinner.
  const [shown, setShown] = useState<AlertsView | null>(null);
  useEffect(() => {
    if (decided !== null) setShown(decided);
  }, [decided]);
  const view = decided ?? shown;
  if (view === null) return <Spin aria-label={T.alertsLoading} />;
  const filters = <AlertFiltersBar search={search} view={openState ? view : null} />;
  if (view === 'groups' && openState)
    return (
      <AlertGroups
        state={openState}
        search={search}
        mayAct={mayAct}
        maySilence={maySilence}
        filters={filters}
        onOpenList={(g: AlertGroup) =>
          search.setFilters({
            view: 'list',
            ruleId: String(g.ruleId),
            countryCode: g.countryCode ?? '',
            region: g.region ?? '',
          })
        }
      />
    );
  return <AlertRows state={state} mayAct={mayAct} search={search} filters={filters} />;
}

/** One row per alert: Export CSV of every alert the filters match, several selected and acknowledged or resolved. */
function AlertRows({
  state,
  mayAct,
  search,
  filters: filtersBar,
}: {
  state: AlertState;
  mayAct: boolean;
  search: ListSearch<AlertFilters>;
  filters: ReactNode;
}) {
  const query = alertsQuery(state, search);
  const result = useReadAlertsQuery(query);
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
    { key: 'cause', title: T.cause, render: (_v, a) => alertWhy(a) },
    // An alert that resolved inside its pending period never fired: it says so rather than show its start.
    {
      key: 'fired',
      title: T.fired,
      width: 170,
      render: (_v, a) => (a.firedAt ? formatDateTime(a.firedAt) : T.neverFired),
    },
    ...(state === 'acknowledged'
      ? [
          {
            key: 'acknowledgedAt',
            title: T.acknowledgedAt,
            width: 170,
            render: (_v: unknown, a: Alert) => formatDateTime(a.acknowledgedAt),
          },
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
        filters={filtersBar}
        actions={
          selectable ? (
            <>
              {selected.length > 0 && <Typography.Text>{T.selected(selected.length)}</Typography.Text>}
              {mayAcknowledge && (
                <WhyDisabled reason={selected.length === 0 ? T.selectFirst : null}>
                  <Button
                    type="primary"
                    disabled={selected.length === 0}
                    onClick={() => setDialog('acknowledge')}
                  >
                    {T.acknowledge}
                  </Button>
                </WhyDisabled>
              )}
              {mayResolve && (
                <WhyDisabled reason={selected.length === 0 ? T.selectFirst : null}>
                  <Button disabled={selected.length === 0} onClick={() => setDialog('resolve')}>
                    {T.resolve}
                  </Button>
                </WhyDisabled>
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
