import { type TableColumnsType } from 'antd';
import { ZoomInOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { type CameraCalibration } from '@equipment-dashboard/contract';
import { useReadCameraCalsQuery } from '@equipment-dashboard/api-client';
import { ListFilterInput } from '../../shared/back-office/filter-input';
import { actionsColumn } from '../../shared/back-office/row-action';
import { ListScreen } from '../../shared/back-office/list-screen';
import { useServerList } from '../../shared/back-office/use-server-list';
import { formatDateTime } from '../../shared/equipment/format';
import { CalibrationDialog } from './calibration-dialog';
import { CAMERA_CAL_TEXTS as T } from './texts';

const FILTERS = { filterSerialNumber: '' };

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
  const list = useServerList(useReadCameraCalsQuery, FILTERS);
  const [open, setOpen] = useState<CameraCalibration | null>(null);

  const columns: TableColumnsType<CameraCalibration> = [
    { key: 'operator', title: T.operator, dataIndex: 'Operator' },
    { key: 'version', title: T.version, dataIndex: 'Version' },
    { key: 'date', title: T.date, render: (_value, record) => formatDateTime(record.Date) },
    { key: 'left', title: T.leftBoards, render: (_value, record) => boardSerials(record.LeftBoards) },
    { key: 'right', title: T.rightBoards, render: (_value, record) => boardSerials(record.RightBoards) },
    actionsColumn(T.actions, 80, (record) => [
      { label: T.viewDetails, icon: <ZoomInOutlined />, onClick: () => setOpen(record) },
    ]),
  ];

  return (
    <>
      <ListScreen<CameraCalibration>
        title={T.title}
        {...list}
        columns={columns}
        filters={
          <ListFilterInput
            search={list.search}
            name="filterSerialNumber"
            label={T.filterCameraSerialNumber}
          />
        }
      />
      {open && <CalibrationDialog record={open} onClose={() => setOpen(null)} />}
    </>
  );
}
