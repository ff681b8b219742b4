import { expect, test } from '@playwright/test';
import type { Paged, Pairing } from '@equipment-dashboard/contract';
import { api, apiToken, signIn } from './support/console';
import { dialogTitled, rowOf } from './support/back-office';

// Read-only: these specs only look at the seeded pairings.

async function pairings(list: 'active' | 'completed' | 'aborted', query = ''): Promise<Paged<Pairing>> {
  return api<Paged<Pairing>>(await apiToken('support'), `/read/${list}_pairings/v1/?page=1${query}`);
}

test.describe('TruPoint vendor integrations', () => {
  test('when support opens TruPoint and a pairing, then the list, its sort and the detail dialog with its calibrations show', async ({
    page,
  }) => {
    const active = await pairings('active');
    expect(active.docs.length).toBeGreaterThan(0);
    await signIn(page, 'support');
    await page
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('link', { name: 'TruPoint' })
      .click();
    const panel = page.getByRole('region', { name: 'TruPoint Vendor Integrations' }).getByRole('tabpanel', {
      name: 'Active',
    });
    await expect(panel.getByRole('columnheader', { name: 'Updated At' })).toBeVisible();
    await expect(panel.getByRole('columnheader', { name: 'Reason' })).toHaveCount(0);
    await expect(panel.getByRole('row').nth(1)).toContainText(active.docs[0]?.alignmentId ?? '');

    // Sorting by vendor (ascending) answers what the server sorts.
    const byVendor = await pairings('active', '&sortBy=vendor&sortDesc=false');
    await panel.getByRole('columnheader', { name: 'Vendor', exact: true }).click();
    await expect(panel.getByRole('row').nth(1)).toContainText(byVendor.docs[0]?.alignmentId ?? '');

    // The pairing with the most calibrations.
    const withCalibrations = [...byVendor.docs].sort(
      (a, b) => b.calibrations.length - a.calibrations.length,
    )[0];
    if (!withCalibrations) throw new Error('no active pairing');
    await rowOf(panel, withCalibrations.alignmentId)
      .getByRole('button', { name: 'View Pairing Details' })
      .click();
    const dialog = dialogTitled(page, 'Vendor Pairing');
    for (const text of [
      withCalibrations.vendor,
      withCalibrations.vendorKey,
      withCalibrations.alignmentId,
      withCalibrations.truPointSerialNumber,
      'Updated At',
    ]) {
      await expect(dialog).toContainText(text);
    }
    if (withCalibrations.calibrations.length === 0) {
      await expect(dialog).toContainText('NO CALIBRATIONS');
    } else {
      const items = dialog.getByRole('list', { name: 'Calibrations' }).getByRole('listitem');
      await expect(items).toHaveCount(withCalibrations.calibrations.length);
      const first = withCalibrations.calibrations[0];
      if (!first) throw new Error('no calibration');
      await expect(items.first()).toContainText(first.name);
      await expect(items.first()).toContainText(first.state);
      await expect(items.first()).toContainText(first.reportMessage ?? 'None');
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('when the Aborted tab opens, then pairings show their Reason, in the table and in the dialog', async ({
    page,
  }) => {
    const aborted = await pairings('aborted');
    const first = aborted.docs[0];
    if (!first) throw new Error('no aborted pairing');
    await signIn(page, 'support_lvl2');
    await page
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('link', { name: 'TruPoint' })
      .click();
    const region = page.getByRole('region', { name: 'TruPoint Vendor Integrations' });
    await region.getByRole('tab', { name: 'Aborted' }).click();
    const panel = region.getByRole('tabpanel', { name: 'Aborted' });
    await expect(panel.getByRole('columnheader', { name: 'Reason' })).toBeVisible();
    await expect(panel.getByRole('columnheader', { name: 'Updated At' })).toHaveCount(0);
    const row = rowOf(panel, first.alignmentId);
    await expect(row).toContainText(first.reason ?? '');
    await row.getByRole('button', { name: 'View Pairing Details' }).click();
    const dialog = dialogTitled(page, 'Vendor Pairing');
    await expect(dialog).toContainText(`Reason${first.reason ?? ''}`);
    await expect(dialog).not.toContainText('Updated At');
  });
});
