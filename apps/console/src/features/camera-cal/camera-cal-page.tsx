import { Button, Card, Flex, Input, Table, type TableColumnsType } from 'antd';
import { SearchOutlined, ZoomInOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useReadCameraCalsQuery, type CameraCalibration } from '@equipment-dashboard/api';
import { serverPagination } from '../../shared/back-office/pagination';
import { RowAction } from '../../shared/back-office/row-action';
import { serverProblem } from '../../shared/back-office/server-error';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { BACK_OFFICE_TEXTS } from '../../shared/back-office/texts';
import { useDebounced, usePageFor } from '../../shared/back-office/use-debounced';
import { usePageInRange } from '../../shared/back-office/use-page-in-range';
import { formatDateTime } from '../../shared/equipment/format';
import { CalibrationDialog } from './calibration-dialog';
import { CAMERA_CAL_TEXTS as T } from './texts';

/** The serial numbers of a side's boards, joined by commas (back-office §2.10). */
export function boardSerials(boards: readonly { SerialNumber: string }[]): string {
  return boards.map((board) => board.SerialNumber).join(', ');
}

/**
 * Camera Calibrations (back-office §2.10), for every signed-in user (§6): the camera serial number
 * filter (it matches the start of a left or right board's serial), the server-paged table, newest
 * first, and the detail dialog.
 */
export function CameraCalPage() {
  const [filter, setFilter] = useState('');
  const filterSerialNumber = useDebounced(filter.trim());
  const [page, setPage] = usePageFor(filterSerialNumber);
  const [open, setOpen] = useState<CameraCalibration | null>(null);
  const { data, isFetching, error, refetch } = useReadCameraCalsQuery({
    page,
    filterSerialNumber: filterSerialNumber === '' ? undefined : filterSerialNumber,
  });
  usePageInRange(data?.totalDocs, Boolean(data) && !isFetching, page, setPage);

  const columns: TableColumnsType<CameraCalibration> = [
    { key: 'operator', title: T.operator, dataIndex: 'Operator' },
    { key: 'version', title: T.version, dataIndex: 'Version' },
    { key: 'date', title: T.date, render: (_value, record) => formatDateTime(record.Date) },
    { key: 'left', title: T.leftBoards, render: (_value, record) => boardSerials(record.LeftBoards) },
    { key: 'right', title: T.rightBoards, render: (_value, record) => boardSerials(record.RightBoards) },
    {
      key: 'actions',
      title: T.actions,
      width: 80,
      render: (_value, record) => (
        <RowAction label={T.viewDetails} icon={<ZoomInOutlined />} onClick={() => setOpen(record)} />
      ),
    },
  ];

  return (
    <>
      <Card title={T.title} role="region" aria-label={T.title}>
        <Flex style={{ marginBottom: 16 }}>
          <Input
            aria-label={T.filterCameraSerialNumber}
            placeholder={T.filterCameraSerialNumber}
            prefix={<SearchOutlined aria-hidden />}
            allowClear
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            style={{ maxWidth: 320 }}
          />
        </Flex>
        {error && !data && (
          <ServerErrorAlert
            problem={serverProblem(error)}
            action={
              <Button size="small" onClick={() => void refetch()}>
                {BACK_OFFICE_TEXTS.retry}
              </Button>
            }
          />
        )}
        <Table<CameraCalibration>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.docs ?? []}
          loading={{ spinning: isFetching, delay: 150 }}
          pagination={serverPagination(page, data?.totalDocs ?? 0, setPage)}
        />
      </Card>
      {open && <CalibrationDialog record={open} onClose={() => setOpen(null)} />}
    </>
  );
}
