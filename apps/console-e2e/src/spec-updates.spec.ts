import { expect, test, type Page } from '@playwright/test';
import { chooseOption, e2eServer, signIn } from './support/console';
import { unpublishedSpec } from './support/updates';

// Creates one spec release (the demo library's US-2027-01 on a fresh server) and edits it; spec
// releases drive no unit, so the specs after these find the fleet as it was.

const dialog = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

test.describe('Specifications', () => {
  test('when support opens it, then Statistics draws its chart and Spec Releases lists without Create Spec Update', async ({
    page,
  }) => {
    await signIn(page, 'support');
    await page.goto(`${e2eServer().url}/SpecUpdates`);
    await expect(page.getByRole('region', { name: 'Specifications' })).toBeVisible();
    const chart = page.getByRole('figure', { name: 'Installed devices per spec version' });
    await expect(chart).toHaveAttribute('data-scale', 'log');
    await expect(chart.locator('canvas').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Spec Releases' }).click();
    await expect(page).toHaveURL(/\/SpecUpdates\?tab=releases$/);
    await expect(page.getByRole('columnheader', { name: 'Tru-Points Require' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Spec Update' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit Spec' })).toHaveCount(0);
  });

  test('when an engineer creates a spec release from a validated path and edits it, then the list shows each change', async ({
    page,
  }) => {
    const spec = await unpublishedSpec();
    await signIn(page, 'engineer');
    await page.goto(`${e2eServer().url}/SpecUpdates?tab=releases`);
    await page.getByRole('button', { name: 'Create Spec Update' }).click();
    const create = dialog(page, 'Create Specification Update');
    await create.getByLabel('update path').fill(spec.path);
    await create.getByRole('button', { name: 'Validate' }).click();
    await expect(create.getByRole('button', { name: 'Validate' })).toHaveAttribute('data-state', 'checked');
    await expect(
      create.getByText(`The update takes the manifest's version name: ${spec.name}.`),
    ).toBeVisible();
    await expect(create.getByRole('checkbox', { name: 'Active' })).toBeChecked();
    await expect(create.getByLabel('filter')).toHaveValue('*');

    await create.getByLabel('filter').fill('');
    await expect(create.getByText('Required')).toBeVisible();
    await expect(create.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
    await create.getByLabel('filter').fill('AX1*, CB2*');
    await create.getByRole('button', { name: 'Confirm' }).click();
    await expect(create).toBeHidden();

    const row = page.getByRole('row', { name: new RegExp(`^${spec.name} `) });
    const cell = (column: number) => row.getByRole('cell').nth(column);
    await expect(row).toBeVisible();
    await expect(cell(6)).toHaveText('true');
    await expect(cell(7)).toHaveText('all');
    await expect(cell(8)).toHaveText('true');
    await expect(cell(9)).toHaveText(spec.path);
    await cell(8).getByText('true').hover();
    await expect(page.getByRole('tooltip')).toHaveText('AX1*,CB2*');

    await row.getByRole('button', { name: 'Edit Spec' }).click();
    const edit = dialog(page, `Edit Specification Update - ${spec.name}`);
    await expect(edit.getByText(spec.path)).toBeVisible();
    await expect(edit.getByLabel('filter')).toHaveValue('AX1*,CB2*');
    await edit.getByRole('checkbox', { name: 'Active' }).uncheck();
    await chooseOption(page, edit, 'Target family', 'gtps');
    await edit.getByLabel('filter').fill('*');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(edit).toBeHidden();

    await expect(cell(6)).toHaveText('false');
    await expect(cell(7)).toHaveText('gtps');
    await expect(cell(8)).toHaveText('false');
  });
});
