import { Empty, Flex, Result, Skeleton, Table, Tag, Typography } from 'antd';
import { type StatusReport, type VoltagesReport } from '@equipment-dashboard/contract';
import {
  useGetLatestPrinterStatusForAlignerQuery,
  useGetLatestUsbStatusForAlignerQuery,
  useGetLatestVoltagesForAlignerQuery,
} from '@equipment-dashboard/api-client';
import { formatDateTime } from '../../shared/equipment';
import { EQUIPMENT_TEXTS as T } from './texts';
import { isVoltageInRange } from '@equipment-dashboard/domain';
import { OpenDialog } from '../../shared/ui/open-dialog';

type Parameter = VoltagesReport['boards'][number]['Parameters'][number];

interface ReportDialogProps {
  serialNumber: string;
  onClose: () => void;
}

/** What a report's query hook answers: the latest report (null: the unit has none), loading, or failed. */
interface ReportQuery<R> {
  data?: R | null;
  isLoading: boolean;
  isError: boolean;
}

/** A report dialog asks for the unit's latest report afresh each time it opens. */
const EVERY_OPENING = { refetchOnMountOrArgChange: true } as const;

/** A report dialog's frame: loading, failure and NO REPORT (console-core §3, §8) are the same for all. */
function ReportFrame<R>({
  title,
  onClose,
  query: { data: report, isLoading, isError },
  children,
}: {
  title: string;
  onClose: () => void;
  query: ReportQuery<R>;
  children: (report: R) => React.ReactNode;
}) {
  return (
    <OpenDialog title={title} footer={null} onCancel={onClose} width={720}>
      {isLoading && <Skeleton active aria-label={T.loading} />}
      {!isLoading && isError && <Result status="warning" title={T.reportFailed} />}
      {!isLoading && !isError && report === null && <Empty description={T.noReport} />}
      {!isLoading && !isError && report !== null && report !== undefined && children(report)}
    </OpenDialog>
  );
}

/** The voltages report: each board's parameters, Actual green within [Min, Max], red outside (console-core §3). */
export function VoltagesDialog({ serialNumber, onClose }: ReportDialogProps) {
  const query = useGetLatestVoltagesForAlignerQuery({ serialNumber }, EVERY_OPENING);
  return (
    <ReportFrame title={T.voltagesTitle(serialNumber)} onClose={onClose} query={query}>
      {(report) => (
        <Flex vertical gap={16}>
          <Typography.Text type="secondary">{T.takenAt(formatDateTime(report.createdAt))}</Typography.Text>
          {report.boards.map((board) => (
            <section key={board.BoardName} aria-label={board.BoardName}>
              <Typography.Title level={5}>{board.BoardName}</Typography.Title>
              <Table<Parameter>
                size="small"
                pagination={false}
                rowKey="Name"
                dataSource={board.Parameters}
                columns={[
                  { key: 'name', title: T.name, dataIndex: 'Name' },
                  {
                    key: 'actual',
                    title: T.actual,
                    render: (_value, parameter) => {
                      const ok = isVoltageInRange(parameter);
                      return (
                        <Tag
                          color={ok ? 'green' : 'red'}
                          data-colour={ok ? 'green' : 'red'}
                          aria-label={`${parameter.Actual} ${ok ? T.inRange : T.outOfRange}`}
                        >
                          {parameter.Actual}
                        </Tag>
                      );
                    },
                  },
                  { key: 'min', title: T.min, dataIndex: 'Min' },
                  { key: 'max', title: T.max, dataIndex: 'Max' },
                ]}
              />
            </section>
          ))}
        </Flex>
      )}
    </ReportFrame>
  );
}

/** A status report's dialog (USB or printer): when it was taken, and its newline-separated text (console-core §3). */
function StatusDialog({
  title,
  query,
  onClose,
}: {
  title: string;
  query: ReportQuery<StatusReport>;
  onClose: () => void;
}) {
  return (
    <ReportFrame title={title} onClose={onClose} query={query}>
      {(report) => (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{T.takenAt(formatDateTime(report.createdAt))}</Typography.Text>
          <pre
            style={{ whiteSpace: 'pre-wrap', margin: 0, padding: 12, background: '#fafafa', borderRadius: 6 }}
          >
            {report.status}
          </pre>
        </Flex>
      )}
    </ReportFrame>
  );
}

/** The latest USB status report, or NO REPORT. */
export function UsbDialog({ serialNumber, onClose }: ReportDialogProps) {
  const query = useGetLatestUsbStatusForAlignerQuery({ serialNumber }, EVERY_OPENING);
  return <StatusDialog title={T.usbTitle(serialNumber)} query={query} onClose={onClose} />;
}

/** The latest printer status report, or NO REPORT. */
export function PrinterDialog({ serialNumber, onClose }: ReportDialogProps) {
  const query = useGetLatestPrinterStatusForAlignerQuery({ serialNumber }, EVERY_OPENING);
  return <StatusDialog title={T.printerTitle(serialNumber)} query={query} onClose={onClose} />;
}
