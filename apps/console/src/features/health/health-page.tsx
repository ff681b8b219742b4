import { Flex, Select, Segmented, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { HistorySeries, ReleaseComparisonRowDto } from '@equipment-dashboard/contract';
import {
  useReadFleetHistoryQuery,
  useReadReleaseAdoptionQuery,
  useReadReleaseComparisonQuery,
  useReadSavedViewsQuery,
} from '@equipment-dashboard/api-client';
import {
  can,
  FAMILIES,
  HISTORY_SPAN_KEYS,
  PERMISSIONS,
  type Family,
  type HistorySpan,
  type HistoryStep,
} from '@equipment-dashboard/domain';
import { useAppSelector } from '../../app/store';
import { NoAccess } from '../../shared/back-office/no-access';
import { CategoryChart, preloadCharts } from '../../shared/charts';
import { preloadSeriesCharts, SeriesLineChart } from '../../shared/charts/series';
import { formatDateTime } from '../../shared/equipment/format';
import { selectUser } from '../../shared/session/session-slice';
import { ChartPanel, type PanelState } from './chart-panel';
import {
  chartPoints,
  csvText,
  historyTable,
  percentText,
  successRates,
  timeLabel,
  type ReleaseSuccess,
} from './health-data';
import { HEALTH_TEXTS as T } from './texts';

type Split = keyof typeof T.splits;

const stateOf = (q: {
  isLoading: boolean;
  isError: boolean;
  data?: unknown;
  refetch: () => unknown;
}): PanelState => ({
  loading: q.isLoading,
  failed: q.isError && q.data === undefined,
  retry: () => void q.refetch(),
});

/** The columns of a history table: the bucket's time, then a column per series. */
function tableColumns(
  keys: readonly string[],
  step: HistoryStep,
  name: (key: string) => string,
  cell: (value: number | null) => string,
): TableColumnsType<{ at: string; values: (number | null)[] }> {
  return [
    { key: 'at', title: T.time, fixed: 'left', render: (_v, row) => timeLabel(row.at, step) },
    ...keys.map((key, i) => ({
      key,
      title: name(key),
      render: (_v: unknown, row: { values: (number | null)[] }) => cell(row.values[i] ?? null),
    })),
  ];
}

/** A family choice. */
function FamilySelect({ value, onChange }: { value: Family; onChange: (family: Family) => void }) {
  return (
    <Space>
      <label htmlFor="health-family">{T.family}</label>
      <Select<Family>
        id="health-family"
        style={{ width: 180 }}
        value={value}
        onChange={onChange}
        options={FAMILIES.map((f) => ({ value: f, label: T.families[f] }))}
      />
    </Space>
  );
}

const seriesName = (key: string) => (key === 'other' ? T.other : key === '(none)' ? T.none : key);

/** Connected share over 24 h / 7 d / 30 d / 90 d, split by family, country or a saved view (beside the whole fleet). */
function ConnectedSharePanel() {
  const [span, setSpan] = useState<HistorySpan>('90d');
  const [split, setSplit] = useState<Split>('family');
  const [viewId, setViewId] = useState<number | undefined>(undefined);
  const views = useReadSavedViewsQuery({ screen: 'equipment' }, { skip: split !== 'view' });
  const step: HistoryStep = span === '90d' ? 'day' : 'hour';
  const byGroup = useReadFleetHistoryQuery(
    { metric: 'connectedShare', last: span, step, groupBy: split === 'country' ? 'country' : 'family' },
    { skip: split === 'view' },
  );
  const byView = useReadFleetHistoryQuery(
    { metric: 'connectedShare', last: span, step, viewId },
    { skip: split !== 'view' || viewId === undefined },
  );
  const fleet = useReadFleetHistoryQuery(
    { metric: 'connectedShare', last: span, step },
    { skip: split !== 'view' },
  );
  const viewName = views.data?.find((v) => v.id === viewId)?.name ?? T.savedView;
  const series: HistorySeries[] = useMemo(() => {
    if (split !== 'view') return byGroup.data?.series ?? [];
    return [
      ...(byView.data?.series ?? []).map((s) => ({ ...s, key: viewName })),
      ...(fleet.data?.series ?? []).map((s) => ({ ...s, key: T.fleet })),
    ];
  }, [split, byGroup.data, byView.data, fleet.data, viewName]);
  const name = (key: string) =>
    split === 'family' ? (T.families[key as Family] ?? seriesName(key)) : seriesName(key);
  const table = historyTable(series);
  const rangeText = T.spans[span];
  const label = T.connectedShareChart(rangeText, T.splits[split].toLowerCase());
  const state = split === 'view' ? stateOf(viewId === undefined ? fleet : byView) : stateOf(byGroup);
  return (
    <ChartPanel
      title={T.connectedShare}
      state={state}
      controls={
        <>
          <Segmented<HistorySpan>
            aria-label={T.range}
            value={span}
            onChange={setSpan}
            options={HISTORY_SPAN_KEYS.map((s) => ({ value: s, label: T.spans[s] }))}
          />
          <Space>
            <label htmlFor="health-split">{T.splitBy}</label>
            <Select<Split>
              id="health-split"
              style={{ width: 150 }}
              value={split}
              onChange={setSplit}
              options={(Object.keys(T.splits) as Split[]).map((s) => ({ value: s, label: T.splits[s] }))}
            />
          </Space>
          {split === 'view' && (
            <Space>
              <label htmlFor="health-view">{T.savedView}</label>
              <Select<number>
                id="health-view"
                style={{ width: 240 }}
                value={viewId}
                placeholder={T.pickView}
                notFoundContent={T.noViews}
                onChange={setViewId}
                options={(views.data ?? []).map((v) => ({ value: v.id, label: v.name }))}
              />
            </Space>
          )}
        </>
      }
      chart={
        <SeriesLineChart
          label={label}
          emptyText={T.noData}
          height={320}
          points={chartPoints(series, step, name, 100)}
        />
      }
      columns={tableColumns(table.keys, step, name, percentText)}
      rows={table.rows}
      rowKey={(row) => row.at}
      csv={() => ({
        name: `connected-share-${span}-by-${split}`,
        text: csvText(
          [T.time, ...table.keys.map(name)],
          table.rows.map((row) => [row.at, ...row.values]),
        ),
      })}
    />
  );
}

/** Units on each version of a family over 90 days (per day). */
function AdoptionPanel({ family, controls }: { family: Family; controls?: ReactNode }) {
  const adoption = useReadReleaseAdoptionQuery({ family, last: '90d' });
  const series = adoption.data?.series ?? [];
  const table = historyTable(series);
  const units = (value: number | null) => (value === null ? '' : String(Math.round(value)));
  return (
    <ChartPanel
      title={T.adoption}
      state={stateOf(adoption)}
      controls={controls}
      chart={
        <SeriesLineChart
          label={T.adoptionChart(T.families[family])}
          emptyText={T.noData}
          height={320}
          points={chartPoints(series, 'day', (k) => k)}
        />
      }
      columns={tableColumns(table.keys, 'day', (k) => k, units)}
      rows={table.rows}
      rowKey={(row) => row.at}
      csv={() => ({
        name: `release-adoption-${family}`,
        text: csvText(
          [T.time, ...table.keys],
          table.rows.map((row) => [row.at, ...row.values]),
        ),
      })}
    />
  );
}

/** Update success rate per release of a family over 90 days. */
function SuccessRatePanel({ family, controls }: { family: Family; controls?: ReactNode }) {
  const query = { last: '90d', step: 'day', groupBy: 'version', filterFamily: family } as const;
  const succeeded = useReadFleetHistoryQuery({ metric: 'updatesSucceeded', ...query });
  const failed = useReadFleetHistoryQuery({ metric: 'updatesFailed', ...query });
  const rates = successRates(succeeded.data?.series ?? [], failed.data?.series ?? []);
  const state = stateOf(succeeded.isError ? succeeded : failed);
  const columns: TableColumnsType<ReleaseSuccess> = [
    { key: 'version', title: T.version, dataIndex: 'version' },
    { key: 'succeeded', title: T.succeeded, dataIndex: 'succeeded' },
    { key: 'failed', title: T.failedUpdates, dataIndex: 'failed' },
    { key: 'rate', title: T.rate, render: (_v, r) => percentText(r.rate) },
  ];
  return (
    <ChartPanel
      title={T.successRate}
      state={{ ...state, loading: succeeded.isLoading || failed.isLoading }}
      controls={controls}
      chart={
        <CategoryChart
          label={T.successRateChart(T.families[family])}
          emptyText={T.noUpdates}
          height={280}
          points={rates.map((r) => ({ label: r.version, value: Math.round((r.rate ?? 0) * 1000) / 10 }))}
        />
      }
      columns={columns}
      rows={rates}
      rowKey={(r) => r.version}
      csv={() => ({
        name: `update-success-${family}`,
        text: csvText(
          [T.version, T.succeeded, T.failedUpdates, T.rate],
          rates.map((r) => [r.version, r.succeeded, r.failed, r.rate]),
        ),
      })}
    />
  );
}

type Measure = keyof typeof T.measures;

/** A comparison's cell as the table shows it. */
function measureText(row: ReleaseComparisonRowDto, measure: Measure): string {
  const value = row[measure];
  switch (measure) {
    case 'publishedAt':
      return typeof value === 'string' ? formatDateTime(value) : T.unknown;
    case 'updateSuccessRate':
    case 'offlineRate':
      return value === null ? T.unknown : percentText(value as number);
    case 'unitsAverage':
      return String(Math.round(value as number));
    case 'alertsPer1000Units':
      return value === null ? T.unknown : (Math.round((value as number) * 10) / 10).toString();
    case 'daysToHalfFamily':
      return value === null ? T.notReached : String(value);
    default:
      return String(value);
  }
}

/** Two releases of a family side by side. */
function ComparisonPanel({ family, controls }: { family: Family; controls?: ReactNode }) {
  const adoption = useReadReleaseAdoptionQuery({ family, last: '90d' });
  const versions = useMemo(
    () => [...(adoption.data?.releases ?? [])].reverse().map((r) => r.version),
    [adoption.data],
  );
  const [a, setA] = useState<string | undefined>(undefined);
  const [b, setB] = useState<string | undefined>(undefined);
  useEffect(() => {
    // A family's newest release against the one before, until the user picks.
    setA(versions[0]);
    setB(versions[1]);
  }, [versions]);
  const comparison = useReadReleaseComparisonQuery(
    { family, a: a ?? '', b: b ?? '' },
    { skip: a === undefined || b === undefined },
  );
  const releases = comparison.data?.releases;
  const rows = (Object.keys(T.measures) as Measure[]).map((measure) => ({ measure }));
  const columns: TableColumnsType<{ measure: Measure }> = [
    { key: 'measure', title: T.measure, render: (_v, r) => T.measures[r.measure] },
    ...(releases ?? []).map((release, i) => ({
      key: `release-${i}`,
      title: release.version,
      render: (_v: unknown, r: { measure: Measure }) => measureText(release, r.measure),
    })),
  ];
  const pick = (id: string, label: string, value: string | undefined, set: (v: string) => void) => (
    <Space>
      <label htmlFor={id}>{label}</label>
      <Select<string>
        id={id}
        style={{ width: 140 }}
        value={value}
        onChange={set}
        options={versions.map((v) => ({ value: v, label: v }))}
      />
    </Space>
  );
  const state =
    a === undefined || b === undefined
      ? stateOf(adoption)
      : { ...stateOf(comparison), loading: comparison.isFetching && !releases };
  return (
    <ChartPanel
      title={T.compare}
      state={state}
      controls={
        <>
          {controls}
          {pick('health-release-a', T.releaseA, a, setA)}
          {pick('health-release-b', T.releaseB, b, setB)}
        </>
      }
      chart={
        releases ? (
          <Table
            size="small"
            pagination={false}
            caption={T.compareTable(releases[0].version, releases[1].version)}
            columns={columns}
            dataSource={rows}
            rowKey={(r) => r.measure}
          />
        ) : (
          <Typography.Text type="secondary">{T.pickTwo}</Typography.Text>
        )
      }
      columns={columns}
      rows={releases ? rows : []}
      rowKey={(r) => r.measure}
      csv={() => ({
        name: `release-comparison-${family}`,
        text: csvText(
          [T.measure, ...(releases ?? []).map((r) => r.version)],
          rows.map((r) => [T.measures[r.measure], ...(releases ?? []).map((rel) => rel[r.measure])]),
        ),
      })}
    />
  );
}

/**
 * Fleet Health (`/Health`): how the fleet trends, from the fleet's history (hourly and daily rollups): connected
 * share by family, country or saved view; release adoption, update success per release and two releases compared
 * for a family. Every role but guest (the server refuses guest the same).
 */
export function HealthPage() {
  const role = useAppSelector(selectUser)?.role;
  const [family, setFamily] = useState<Family>('aligner');
  useEffect(() => {
    preloadSeriesCharts();
    preloadCharts();
  }, []);
  if (!can(role, PERMISSIONS.viewFleetHealth)) return <NoAccess title={T.title} message={T.noAccess} />;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
        {T.title}
      </Typography.Title>
      <ConnectedSharePanel />
      <Flex align="center" gap={16} wrap>
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {T.releases}
        </Typography.Title>
        <FamilySelect value={family} onChange={setFamily} />
      </Flex>
      <AdoptionPanel family={family} />
      <SuccessRatePanel family={family} />
      <ComparisonPanel family={family} />
    </Flex>
  );
}
