import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Segmented, Skeleton, Table, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useAppDispatch } from '../../app/store';
import { saveFile } from '../../shared/back-office/export-csv-button';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { HEALTH_TEXTS as T } from './texts';

/** What a panel's read is doing: loading, failed (with a retry), or done. */
export interface PanelState {
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

export interface ChartPanelProps<Row extends object> {
  title: string;
  /** The panel's own choices (range, split, family ...), shown above the chart. */
  controls?: ReactNode;
  state: PanelState;
  /** The chart (drawn lazily by the shared chart frame). */
  chart: ReactNode;
  /** The same data as a table: the chart's table view. */
  columns: TableColumnsType<Row>;
  rows: Row[];
  rowKey: (row: Row) => string;
  /** The CSV of the chart's data: its file name (without the date) and text. */
  csv: () => { name: string; text: string };
}

/**
 * A chart of Fleet Health with its table view (Chart / Table) and a CSV of its data: the same data three ways, so
 * that a keyboard or a screen reader reads what the chart draws, and a spreadsheet takes it.
 */
export function ChartPanel<Row extends object>(props: ChartPanelProps<Row>) {
  const { title, controls, state, chart, columns, rows, rowKey, csv } = props;
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const dispatch = useAppDispatch();
  const download = () => {
    const { name, text } = csv();
    const fileName = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
    saveFile(URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' })), fileName);
    dispatch(snackbarShown(T.csvDone(fileName)));
  };
  const body = state.failed ? (
    <Alert type="error" showIcon title={T.failed} action={<Button onClick={state.retry}>{T.retry}</Button>} />
  ) : state.loading ? (
    <Skeleton active />
  ) : view === 'chart' ? (
    chart
  ) : (
    <Table<Row>
      size="small"
      columns={columns}
      dataSource={rows}
      rowKey={rowKey}
      pagination={{ pageSize: 24, showSizeChanger: false, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: T.noData }}
    />
  );
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>}
      role="region"
      aria-label={title}
      extra={
        <Flex gap={8} wrap>
          <Segmented<'chart' | 'table'>
            aria-label={`${title}: ${T.view}`}
            value={view}
            onChange={setView}
            options={[
              { value: 'chart', label: T.chart },
              { value: 'table', label: T.table },
            ]}
          />
          <Button
            icon={<DownloadOutlined aria-hidden />}
            aria-label={`${T.downloadCsv}: ${title}`}
            disabled={state.loading || state.failed}
            onClick={download}
          >
            {T.downloadCsv}
          </Button>
        </Flex>
      }
    >
      {controls && (
        <Flex gap={16} wrap align="center" style={{ marginBottom: 16 }}>
          {controls}
        </Flex>
      )}
      {body}
    </Card>
  );
}
