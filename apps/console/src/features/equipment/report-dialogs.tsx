import { Empty, Flex, Modal, Result, Skeleton, Table, Tag, Typography } from 'antd';
import { type StatusReport, type VoltagesReport } from '@equipment-dashboard/contract';
import {
  useGetLatestPrinterStatusForAlignerQuery,
  useGetLatestUsbStatusForAlignerQuery,
  useGetLatestVoltagesForAlignerQuery,
} from '@equipment-dashboard/api-client';
import { formatDateTime } from '../../shared/equipment';
import { EQUIPMENT_TEXTS as T } from './texts';
import { isVoltageInRange } from '@equipment-dashboard/domain';
import { useFocusReturn } from '../../shared/ui/use-focus-return';

type Parameter = VoltagesReport['boards'][number]['Parameters'][number];

interface ReportDialogProps {
  serialNumber: string;
  onClose: () => void;
}

/** A report dialog's frame: loading, failure and NO REPORT (console-core §3, §8) are the same for all. */
function ReportFrame<R>({
  title,
  onClose,
  report,
  isLoading,
  isError,
  children,
}: {
  title: string;
  onClose: () => void;
  report: R | null | undefined;
  isLoading: boolean;
  isError: boolean;
  children: (report: R) => React.ReactNode;
}) {
  useFocusReturn();
  return (
    <Modal
      open
      title={title}
      footer={null}
      onCancel={onClose}
      width={720}
      closable={{ 'aria-label': T.close }}
    >
      {isLoading && <Skeleton active aria-label={T.loading} />}
      {!isLoading && isError && <Result status="warning" title={T.reportFailed} />}
      {!isLoading && !isError && report === null && <Empty description={T.noReport} />}
      {!isLoading && !isError && report !== null && report !== undefined && children(report)}
    </Modal>
  );
}

/** The voltages report: each board's parameters, Actual green within [Min, Max], red outside (console-core §3). */
export function VoltagesDialog({ serialNumber, onClose }: ReportDialogProps) {
  const { data, isLoading, isError } = useGetLatestVoltagesForAlignerQuery(
    { serialNumber },
    { refetchOnMountOrArgChange: true },
  );
  return (
    <ReportFrame
      title={T.voltagesTitle(serialNumber)}
      onClose={onClose}
      report={data}
      isLoading={isLoading}
      isError={isError}
    >
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

function StatusText({ report }: { report: StatusReport }) {
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{T.takenAt(formatDateTime(report.createdAt))}</Typography.Text>
      {/* console-core §3: newline-separated text. */}
      <pre style={{ whiteSpace: 'pre-wrap', margin: 0, padding: 12, background: '#fafafa', borderRadius: 6 }}>
        {report.status}
      </pre>
    </Flex>
  );
}

/** The latest USB status report, or NO REPORT. */
export function UsbDialog({ serialNumber, onClose }: ReportDialogProps) {
  const { data, isLoading, isError } = useGetLatestUsbStatusForAlignerQuery(
    { serialNumber },
    { refetchOnMountOrArgChange: true },
  );
  return (
    <ReportFrame
      title={T.usbTitle(serialNumber)}
      onClose={onClose}
      report={data}
      isLoading={isLoading}
      isError={isError}
    >
      {(report) => <StatusText report={report} />}
    </ReportFrame>
  );
}

/** The latest printer status report, or NO REPORT. */
export function PrinterDialog({ serialNumber, onClose }: ReportDialogProps) {
  const { data, isLoading, isError } = useGetLatestPrinterStatusForAlignerQuery(
    { serialNumber },
    { refetchOnMountOrArgChange: true },
  );
  return (
    <ReportFrame
      title={T.printerTitle(serialNumber)}
      onClose={onClose}
      report={data}
      isLoading={isLoading}
      isError={isError}
    >
      {(report) => <StatusText report={report} />}
    </ReportFrame>
  );
}
