import { Card, Descriptions, Flex, Tabs, Typography, type DescriptionsProps } from 'antd';
import type { CameraCalibration } from '@equipment-dashboard/contract';
import { formatDateTime } from '../../shared/equipment/format';
import { asRows, FigureTable, formatFigure } from './numbers';
import { CAMERA_CAL_TEXTS as T } from './texts';
import { ViewDialog } from '../../shared/back-office/view-dialog';

type Board = CameraCalibration['LeftBoards'][number];

const blockProps = { bordered: true, size: 'small', column: 1 } as const;

function AccelBlock({ board }: { board: Board }) {
  const items: DescriptionsProps['items'] = [
    { key: 'rms', label: T.rmsValidation, children: formatFigure(board.RMSEValidAccel) },
    {
      key: 'offsets',
      label: T.offsets,
      children: <FigureTable label={T.offsets} columns={['X', 'Y', 'Z']} rows={[board.AccelCal.Offsets]} />,
    },
    // Nine gains, shown as the 3x3 matrix they form (row by row).
    {
      key: 'gains',
      label: T.gains,
      children: <FigureTable label={T.gains} rows={asRows(board.AccelCal.Gain)} />,
    },
  ];
  return (
    <Card size="small" title={T.accelCal}>
      <Descriptions {...blockProps} items={items} />
    </Card>
  );
}

function CcsAcsBlock({ board }: { board: Board }) {
  const items: DescriptionsProps['items'] = [
    { key: 'rms', label: T.rmsValidation, children: formatFigure(board.RMSEValidCCS_ACS) },
    {
      key: 'transformation',
      label: T.transformation,
      children: <FigureTable label={T.transformation} rows={board.CCS_ACSCal} />,
    },
  ];
  return (
    <Card size="small" title={T.ccsAcsCal}>
      <Descriptions {...blockProps} items={items} />
    </Card>
  );
}

function CameraBlock({ board }: { board: Board }) {
  const cal = board.CameraCal;
  const items: DescriptionsProps['items'] = [
    { key: 'rms', label: T.rmsValidation, children: formatFigure(board.RMSEValidCamCal) },
    { key: 'rows', label: T.imageRows, children: cal.image_rows },
    { key: 'cols', label: T.imageCols, children: cal.image_cols },
    { key: 'chans', label: T.imageChans, children: cal.image_chans },
    { key: 'pixel', label: T.pixelSize, children: formatFigure(cal.pixel_size_um) },
    { key: 'cx', label: T.centerX, children: formatFigure(cal.cx) },
    { key: 'cy', label: T.centerY, children: formatFigure(cal.cy) },
    { key: 'flenPx', label: T.focalLengthPx, children: formatFigure(cal.flen_pixels) },
    { key: 'flenMm', label: T.focalLengthMm, children: formatFigure(cal.flen_mm) },
    {
      key: 'im',
      label: T.intrinsicMatrix,
      children: <FigureTable label={T.intrinsicMatrix} rows={cal.IM} />,
    },
    {
      key: 'dist',
      label: T.distortion,
      children: (
        <FigureTable label={T.distortion} columns={['1', '2', '3', '4', '5']} rows={[cal.dist_coeffs]} />
      ),
    },
  ];
  return (
    <Card size="small" title={T.cameraCal}>
      <Descriptions {...blockProps} items={items} />
    </Card>
  );
}

function BoardPanel({ side, index, board }: { side: string; index: number; board: Board }) {
  return (
    <Flex vertical gap={12}>
      <Descriptions
        size="small"
        column={3}
        items={[
          { key: 'side', label: T.board, children: side },
          { key: 'index', label: T.index, children: index },
          { key: 'serial', label: T.serialNumber, children: board.SerialNumber },
        ]}
      />
      <Flex gap={12} wrap align="flex-start">
        <Flex vertical gap={12} style={{ flex: '1 1 380px' }}>
          <AccelBlock board={board} />
          <CcsAcsBlock board={board} />
        </Flex>
        <div style={{ flex: '1 1 420px' }}>
          <CameraBlock board={board} />
        </div>
      </Flex>
    </Flex>
  );
}

/**
 * A camera calibration record (back-office §2.10): operator, version, date and the three calibration
 * times, then one tab per left and right board (index and serial number) with its accelerometer,
 * CCS-to-ACS and camera calibration blocks; matrices and vectors as small tables.
 */
export function CalibrationDialog({ record, onClose }: { record: CameraCalibration; onClose: () => void }) {
  const boards = [
    ...record.LeftBoards.map((board, index) => ({ side: T.left, index, board })),
    ...record.RightBoards.map((board, index) => ({ side: T.right, index, board })),
  ];
  return (
    <ViewDialog title={T.dialogTitle} width={1000} onClose={onClose}>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'operator', label: T.operator, children: record.Operator },
          { key: 'version', label: T.version, children: record.Version },
          { key: 'date', label: T.date, children: formatDateTime(record.Date) },
          { key: 'accel', label: T.accelCalTime, children: formatDateTime(record.AccelCalTime) },
          { key: 'ccs', label: T.ccsAcsTime, children: formatDateTime(record.CCS_ACSTime) },
          { key: 'cam', label: T.camCalTime, children: formatDateTime(record.camCalTime) },
        ]}
      />
      {boards.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          {T.noBoards}
        </Typography.Paragraph>
      ) : (
        <Tabs
          style={{ marginTop: 8 }}
          items={boards.map(({ side, index, board }) => ({
            key: `${side}-${index}`,
            label: T.boardTab(side, index, board.SerialNumber),
            children: <BoardPanel side={side} index={index} board={board} />,
          }))}
        />
      )}
    </ViewDialog>
  );
}
