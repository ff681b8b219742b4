import { screen, waitFor, within } from '@testing-library/react';
import type { CameraCalibration } from '@equipment-dashboard/contract';
import { type Role } from '@equipment-dashboard/domain';
import { formatDateTime } from '../../shared/equipment/format';
import { openScreen } from '../../shared/testing/render-screen';
import { dialogOpen, findDialog } from '../../shared/testing/dialogs';
import { CameraCalPage } from './camera-cal-page';
import { formatFigure } from './numbers';
import { bodyRows, callsFilteredBy, pagedRoute, queryOf, rowStarting as row } from '../../test/lists';

type Board = CameraCalibration['LeftBoards'][number];

const board = (serial: string, seed: number): Board => ({
  SerialNumber: serial,
  RMSEValidAccel: 0.01234,
  AccelCal: { Offsets: [0.001, -0.002, 0.003], Gain: [1.001, 0, 0, 0, 0.998, 0, 0, 0, 1.002] },
  RMSEValidCCS_ACS: 0.04567,
  CCS_ACSCal: [
    [0.999, 0.01, 0],
    [-0.01, 0.999, 0],
    [0, 0, 1],
  ],
  RMSEValidCamCal: 0.1789 + seed,
  CameraCal: {
    image_rows: 1200,
    image_cols: 1920,
    image_chans: 1,
    pixel_size_um: 3.45,
    cx: 961.25,
    cy: 598.5,
    flen_pixels: 2318.84,
    flen_mm: 8.0,
    IM: [
      [2318.84, 0, 961.25],
      [0, 2318.84, 598.5],
      [0, 0, 1],
    ],
    dist_coeffs: [-0.123456, 0.045, 0.000012, -0.0003, 0.01],
  },
});

const record = (n: number, overrides: Partial<CameraCalibration> = {}): CameraCalibration => ({
  id: `cal-${n}`,
  Operator: `operator${n}`,
  Version: `2.${n}.0`,
  Date: '2024-05-20T12:00:00.000Z',
  AccelCalTime: '2024-05-20T11:00:00.000Z',
  CCS_ACSTime: '2024-05-20T11:20:00.000Z',
  camCalTime: '2024-05-20T11:40:00.000Z',
  LeftBoards: [board(`LB${n}A`, 0), board(`LB${n}B`, 1)],
  RightBoards: [board(`RB${n}A`, 2)],
  ...overrides,
});

const RECORDS = Array.from({ length: 12 }, (_, i) => record(i + 1));

function openCameraCal(role: Role = 'guest') {
  return openScreen('/CameraCal', <CameraCalPage />, role, {
    '/read/camera_cals/v1/': pagedRoute(
      () => RECORDS,
      (r, params) => {
        const filter = (params.get('filterSerialNumber') ?? '').toUpperCase();
        return [...r.LeftBoards, ...r.RightBoards].some((b) => b.SerialNumber.startsWith(filter));
      },
    ),
  });
}

describe('Camera Calibrations', () => {
  it('when any signed-in user opens /CameraCal, then the table shows Operator, Version, Date, Left and Right Boards joined by commas, and Actions', async () => {
    const { stub } = openCameraCal('guest');
    expect(await screen.findByRole('cell', { name: 'operator1' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Camera Calibrations' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Operator',
      'Version',
      'Date',
      'Left Boards',
      'Right Boards',
      'Actions',
    ]);
    const first = row('operator1');
    expect(within(first).getByRole('cell', { name: '2.1.0' })).toBeInTheDocument();
    expect(
      within(first).getByRole('cell', { name: formatDateTime('2024-05-20T12:00:00.000Z') }),
    ).toBeInTheDocument();
    expect(within(first).getByRole('cell', { name: 'LB1A, LB1B' })).toBeInTheDocument();
    expect(within(first).getByRole('cell', { name: 'RB1A' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'View Calibration Details' })).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    expect(queryOf(stub.callsTo('/read/camera_cals/v1/')[0] as Request)).toEqual({ page: '1' });
  });

  it("when a camera serial is typed in 'filter camera serial number', then page 1 is asked with it", async () => {
    const { stub, user: u } = openCameraCal('tech');
    await screen.findByRole('cell', { name: 'operator1' });
    await u.click(screen.getByTitle('2'));
    await screen.findByRole('cell', { name: 'operator11' });
    const filter = screen.getByRole('textbox', { name: 'filter camera serial number' });
    expect(filter).toHaveAttribute('placeholder', 'filter camera serial number');
    await u.type(filter, 'RB7');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByRole('cell', { name: 'operator7' })).toBeInTheDocument();
    const filtered = callsFilteredBy(stub, '/read/camera_cals/v1/', 'filterSerialNumber');
    expect(filtered).toEqual([{ page: '1', filterSerialNumber: 'RB7' }]);
  });

  it('when the zoom icon is clicked, then the dialog shows the times and, per board, its index, serial and the three calibration blocks', async () => {
    const { user: u } = openCameraCal('support');
    await screen.findByRole('cell', { name: 'operator1' });
    await u.click(within(row('operator1')).getByRole('button', { name: 'View Calibration Details' }));
    const dialog = await findDialog('Camera Calibration');
    for (const [label, value] of [
      ['Operator', 'operator1'],
      ['Version', '2.1.0'],
      ['Date', formatDateTime('2024-05-20T12:00:00.000Z')],
      ['Accelerometer Calibration Time', formatDateTime('2024-05-20T11:00:00.000Z')],
      ['Camera-to-Accelerometer Calibration Time', formatDateTime('2024-05-20T11:20:00.000Z')],
      ['Camera Calibration Time', formatDateTime('2024-05-20T11:40:00.000Z')],
    ]) {
      expect(dialog).toHaveTextContent(`${label}${value}`);
    }
    const tabs = within(dialog)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(tabs).toEqual(['Left Board 0 · LB1A', 'Left Board 1 · LB1B', 'Right Board 0 · RB1A']);

    const panel = within(dialog).getByRole('tabpanel');
    expect(panel).toHaveTextContent('BoardLeft');
    expect(panel).toHaveTextContent('Index0');
    expect(panel).toHaveTextContent('Serial NumberLB1A');
    for (const block of ['Accelerometer Calibration', 'CCS-to-ACS Calibration']) {
      expect(within(panel).getByText(block)).toBeInTheDocument();
    }
    expect(within(panel).getAllByText('Camera Calibration').length).toBeGreaterThan(0);
    expect(panel).toHaveTextContent('RMS Validation0.01234');
    expect(panel).toHaveTextContent('RMS Validation0.04567');
    expect(panel).toHaveTextContent('RMS Validation0.1789');
    const offsets = within(panel).getByRole('table', { name: 'Offsets' });
    expect(
      within(offsets)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0.001', '-0.002', '0.003']);
    const gains = within(panel).getByRole('table', { name: 'Gains' });
    expect(within(gains).getAllByRole('row')).toHaveLength(3);
    expect(within(gains).getAllByRole('cell')).toHaveLength(9);
    const transformation = within(panel).getByRole('table', { name: 'Transformation' });
    expect(within(transformation).getAllByRole('cell')).toHaveLength(9);
    for (const text of [
      'Image Rows1200',
      'Image Columns1920',
      'Image Channels1',
      'Pixel Size (µm)3.45',
      'Center X961.25',
      'Center Y598.5',
      'Focal Length (px)2318.84',
      'Focal Length (mm)8',
    ]) {
      expect(panel).toHaveTextContent(text);
    }
    const intrinsic = within(panel).getByRole('table', { name: 'Intrinsic Matrix' });
    expect(
      within(intrinsic)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2318.84', '0', '961.25', '0', '2318.84', '598.5', '0', '0', '1']);
    const distortion = within(panel).getByRole('table', { name: 'Distortion Coefficients' });
    expect(
      within(distortion)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['-0.123456', '0.045', '0.000012', '-0.0003', '0.01']);

    await u.click(within(dialog).getByRole('tab', { name: 'Right Board 0 · RB1A' }));
    await waitFor(() => expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('Serial NumberRB1A'));
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('BoardRight');
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('RMS Validation2.1789');

    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialogOpen('Camera Calibration')).toBe(false));
  });

  it('when figures are tiny or large, then they read plainly with up to 6 significant digits', () => {
    expect(formatFigure(0.0000123456789)).toBe('0.0000123457');
    expect(formatFigure(2318.8412345)).toBe('2318.84');
    expect(formatFigure(1200)).toBe('1200');
    expect(formatFigure(-0.5)).toBe('-0.5');
  });
});
