import { expect, test } from '@playwright/test';
import type { CameraCalibration, Paged } from '@equipment-dashboard/contract';
import { api, apiToken, signIn } from './support/console';
import { dialogTitled, rowOf } from './support/back-office';

// Read-only: these specs only look at the seeded camera calibrations.

test.describe('Camera Calibrations', () => {
  test('when a technician filters by a camera serial and opens a record, then every block of each board shows', async ({
    page,
  }) => {
    const token = await apiToken('tech');
    const newest = (await api<Paged<CameraCalibration>>(token, '/read/camera_cals/v1/?page=1')).docs[0];
    const board = newest?.LeftBoards[0];
    if (!newest || !board) throw new Error('no camera calibration with a left board');
    const filtered = await api<Paged<CameraCalibration>>(
      token,
      `/read/camera_cals/v1/?page=1&filterSerialNumber=${encodeURIComponent(board.SerialNumber)}`,
    );

    await signIn(page, 'tech');
    await page
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('link', { name: 'Camera Cal' })
      .click();
    const screen = page.getByRole('region', { name: 'Camera Calibrations' });
    await expect(screen.getByRole('row')).toHaveCount(11);
    await screen.getByRole('textbox', { name: 'filter camera serial number' }).fill(board.SerialNumber);
    await expect(screen.getByRole('row')).toHaveCount(filtered.docs.length + 1);
    const row = screen.getByRole('row').filter({ hasText: board.SerialNumber }).first();
    await expect(row).toContainText(newest.LeftBoards.map((b) => b.SerialNumber).join(', '));
    await expect(row).toContainText(newest.Operator);

    await rowOf(screen, newest.Operator)
      .first()
      .getByRole('button', { name: 'View Calibration Details' })
      .click();
    const dialog = dialogTitled(page, 'Camera Calibration');
    for (const label of [
      'Accelerometer Calibration Time',
      'Camera-to-Accelerometer Calibration Time',
      'Camera Calibration Time',
    ]) {
      await expect(dialog).toContainText(label);
    }
    await expect(dialog.getByRole('tab', { name: `Left Board 0 · ${board.SerialNumber}` })).toBeVisible();
    const panel = dialog.getByRole('tabpanel').filter({ hasText: board.SerialNumber });
    for (const block of [
      'Accelerometer Calibration',
      'CCS-to-ACS Calibration',
      'Pixel Size (µm)',
      'Focal Length (mm)',
    ]) {
      await expect(panel).toContainText(block);
    }
    await expect(panel.getByRole('table', { name: 'Gains' }).getByRole('cell')).toHaveCount(9);
    await expect(panel.getByRole('table', { name: 'Transformation' }).getByRole('cell')).toHaveCount(9);
    await expect(panel.getByRole('table', { name: 'Intrinsic Matrix' }).getByRole('cell')).toHaveCount(9);
    await expect(panel.getByRole('table', { name: 'Distortion Coefficients' }).getByRole('cell')).toHaveCount(
      5,
    );
    await expect(panel).toContainText(`Image Rows${board.CameraCal.image_rows}`);

    const right = newest.RightBoards[0];
    if (right) {
      await dialog.getByRole('tab', { name: `Right Board 0 · ${right.SerialNumber}` }).click();
      await expect(dialog.getByRole('tabpanel').filter({ hasText: right.SerialNumber })).toContainText(
        'BoardRight',
      );
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
