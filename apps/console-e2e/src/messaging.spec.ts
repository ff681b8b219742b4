import { expect, test, type Locator, type Page } from '@playwright/test';
import dayjs from 'dayjs';
import { e2eServer, signIn } from './support/console';
import { deleteMessage, messagesWithHeader, unique } from './support/desk';

// The message this spec makes is deleted at the end (a soft delete: it moves to the Deleted tab).

async function pickDate(scope: Locator, label: string, day: string) {
  const input = scope.getByLabel(label);
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

const rowOf = (page: Page, header: string) => page.getByRole('row').filter({ hasText: header });

test.describe('messaging', () => {
  test('when support writes a message and submits it and an engineer approves it, then it goes draft, pending approval, upcoming', async ({
    browser,
  }) => {
    const header = unique('E2E winter specs');
    const start = dayjs().add(3, 'day');
    const end = dayjs().add(10, 'day');
    const author = await browser.newPage();
    try {
      await signIn(author, 'support');
      await author.goto(`${e2eServer().url}/Messaging`);
      await expect(author.getByRole('tab', { name: 'My Drafts' })).toHaveAttribute('aria-selected', 'true');
      await author.getByRole('button', { name: 'Create New Message' }).click();
      const wizard = author.getByRole('dialog', { name: 'Create New Message' });
      await expect(wizard.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
      await pickDate(wizard, 'Start Date', start.format('YYYY-MM-DD'));
      await pickDate(wizard, 'End Date', end.format('YYYY-MM-DD'));
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByLabel('Header').fill(header);
      await expect(wizard.getByText(`${header.length} / 75`)).toBeVisible();
      await wizard.getByLabel('Body').fill('The winter specification update is out.');
      await wizard.getByLabel('Call To Action').fill('Install it from the Updates screen.');
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByRole('combobox', { name: 'Market' }).click();
      await author.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
      await wizard.locator('input[type="file"]').setInputFiles({
        name: 'units.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('serial\nAX1AS0001\nAX1AS0002\n'),
      });
      await wizard.getByRole('button', { name: 'Upload' }).click();
      await expect(wizard.getByText('2 serial numbers')).toBeVisible();
      await wizard.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(wizard).toBeHidden();

      // Saved as a draft: My Drafts reloads with it.
      const draft = rowOf(author, header);
      await expect(draft).toContainText(`${start.format('M/D/YYYY')} 12:00 AM`);
      await expect(draft).toContainText(`${end.format('M/D/YYYY')} 11:59 PM`);
      await draft.getByRole('button', { name: 'Edit' }).click();
      const edit = author.getByRole('dialog', { name: /^Edit Message - \d+$/ });
      await expect(edit.getByLabel('Start Date')).toHaveValue(start.format('YYYY-MM-DD'));
      await edit.getByRole('button', { name: 'Save and Submit' }).click();
      await expect(edit).toBeHidden();
      await expect(draft).toHaveCount(0);
      await author.getByRole('tab', { name: 'Pending Approval' }).click();
      await expect(rowOf(author, header).getByRole('button', { name: 'Edit and Approve' })).toBeVisible();
      await author.close();

      const approver = await browser.newPage();
      await signIn(approver, 'engineer');
      await approver.goto(`${e2eServer().url}/Messaging`);
      await approver.getByRole('tab', { name: 'Pending Approval' }).click();
      await rowOf(approver, header).getByRole('button', { name: 'Edit and Approve' }).click();
      const approve = approver.getByRole('dialog', { name: /^Approve Message - \d+$/ });
      await approve.getByRole('button', { name: 'Save and Approve' }).click();
      await expect(approve).toBeHidden();
      await expect(rowOf(approver, header)).toHaveCount(0);
      await approver.getByRole('tab', { name: 'Upcoming' }).click();
      const upcoming = rowOf(approver, header);
      await upcoming.getByRole('button', { name: 'View' }).click();
      const view = approver.getByRole('dialog', { name: /^Message - \d+$/ });
      await expect(view).toContainText('The winter specification update is out.');
      await expect(view).toContainText('Install it from the Updates screen.');
      await approver.close();

      const [stored] = await messagesWithHeader('upcoming', header);
      expect(stored).toMatchObject({
        issuerUsername: 'support',
        targets: { serialNumbers: ['AX1AS0001', 'AX1AS0002'] },
        schedule: {
          startDate: `${start.format('YYYY-MM-DD')}T00:00:00.000Z`,
          endDate: `${end.format('YYYY-MM-DD')}T23:59:59.999Z`,
        },
      });
    } finally {
      for (const disposition of ['draft', 'pending approval', 'upcoming', 'active']) {
        for (const message of await messagesWithHeader(disposition, header)) await deleteMessage(message.id);
      }
    }
  });
});
