import { expect, test, type Locator, type Page } from '@playwright/test';
import { e2eServer, signIn } from './support/console';
import { closeTicketIfOpen, openTicketAs, readTicket, RED_PNG, unique } from './support/desk';
import { findUnit } from './support/fleet';

// Each test opens its own ticket through the API and closes it at the end, so the ticket counts the
// dashboard specs read are as the seed left them.

const ticketRow = (page: Page, id: number): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });

async function openList(page: Page, serialNumber: string): Promise<void> {
  await page.goto(`${e2eServer().url}/SupportTickets`);
  await expect(page.getByRole('checkbox', { name: 'Only My Tickets' })).toBeVisible();
  await page.getByPlaceholder('filter serial number').fill(serialNumber);
}

test.describe('support tickets', () => {
  test('when support opens a ticket from the list, comments, attaches a PNG and closes it, then the server has all of it', async ({
    page,
  }) => {
    const unit = await findUnit(() => true, { filterFamily: 'aligner' });
    const description = unique('Runout jumps between readings');
    const ticket = await openTicketAs('support', unit, description);
    try {
      await signIn(page, 'support');
      await openList(page, unit.serialNumber);
      const row = ticketRow(page, ticket.id);
      await expect(row).toContainText('OPEN');
      await expect(row).toContainText('E2E Caller');
      await row.getByRole('button', { name: 'View details' }).hover();
      await expect(page.getByRole('tooltip')).toHaveText(description);
      await row.getByRole('button', { name: 'View details' }).click();

      const detail = page.getByRole('dialog', { name: `Support Ticket - ${ticket.id} - OPEN` });
      await expect(detail.getByText(description)).toBeVisible();
      await expect(detail.getByText('NO COMMENTS')).toBeVisible();
      await expect(detail.getByRole('tab', { name: 'Attachments (0)' })).toBeVisible();

      await detail.getByRole('button', { name: 'New Comment' }).click();
      const commentDialog = page.getByRole('dialog', { name: `New Comment - Support Ticket ${ticket.id}` });
      await expect(commentDialog.getByRole('button', { name: 'Save' })).toBeDisabled();
      await commentDialog.getByLabel('New comment text').fill('Recalibrated the cameras.');
      await commentDialog.getByRole('button', { name: 'Save' }).click();
      await expect(commentDialog).toBeHidden();
      const comments = detail.getByRole('list', { name: 'Comments' });
      await expect(comments).toContainText('Recalibrated the cameras.');
      await expect(comments).toContainText(/support\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);

      await detail.getByRole('button', { name: 'New Attachment' }).click();
      const attachDialog = page.getByRole('dialog', { name: `New Attachment - Support Ticket ${ticket.id}` });
      await expect(attachDialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
      await attachDialog
        .locator('input[type="file"]')
        .setInputFiles({ name: 'clamp.png', mimeType: 'image/png', buffer: RED_PNG });
      await expect(attachDialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
      await attachDialog.getByLabel('Description').fill('Worn wheel clamp');
      await attachDialog.getByRole('button', { name: 'Upload' }).click();
      await expect(attachDialog).toBeHidden();

      await detail.getByRole('tab', { name: 'Attachments (1)' }).click();
      const card = detail.getByRole('listitem', { name: 'Worn wheel clamp' });
      await expect(card.getByRole('img', { name: 'Worn wheel clamp' })).toHaveJSProperty('naturalWidth', 8);
      await expect(card).toContainText(/support · \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
      await card.getByRole('button', { name: 'Open Worn wheel clamp' }).click();
      const overlay = page.getByRole('dialog', { name: 'Worn wheel clamp' });
      await expect(overlay.getByRole('img', { name: 'Worn wheel clamp' })).toHaveJSProperty(
        'naturalWidth',
        8,
      );
      await overlay.getByRole('button', { name: 'Close' }).click();
      const download = page.waitForEvent('download');
      await card.getByRole('button', { name: 'Download' }).click();
      expect((await download).suggestedFilename()).toMatch(/^ticket-\d+-attachment-\d+\.png$/);
      await detail.getByRole('button', { name: 'Cancel' }).click();
      await expect(detail).toBeHidden();

      await row.getByRole('button', { name: 'Close' }).click();
      const confirm = page.getByRole('dialog', { name: `Close Ticket ${ticket.id}` });
      await expect(confirm).toContainText(
        'Close this ticket? Closed tickets cannot be commented on and cannot be reopened.',
      );
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await expect(row).toBeHidden();

      const stored = await readTicket(ticket.id);
      expect(stored).toMatchObject({ status: 'closed', closedByUsername: 'support' });
      expect(stored.comments.map((c) => [c.authorUsername, c.text])).toEqual([
        ['support', 'Recalibrated the cameras.'],
      ]);
      expect(stored.attachments.map((a) => [a.authorUsername, a.description])).toEqual([
        ['support', 'Worn wheel clamp'],
      ]);

      await page.getByRole('checkbox', { name: 'Include Closed Tickets' }).check();
      await expect(row).toContainText('CLOSED');
      await expect(row.getByRole('button')).toHaveCount(1);
    } finally {
      await closeTicketIfOpen(ticket.id);
    }
  });

  test('when a ticket is escalated and another user opens a ticket meanwhile, then the row changes and the new ticket appears without a reload', async ({
    page,
  }) => {
    const unit = await findUnit(() => true, { filterFamily: 'gtps' });
    const first = await openTicketAs('support', unit, unique('First ticket'));
    let second: { id: number } | null = null;
    try {
      await signIn(page, 'support');
      await openList(page, unit.serialNumber);
      const row = ticketRow(page, first.id);
      await row.getByRole('button', { name: 'Escalate' }).click();
      const confirm = page.getByRole('dialog', { name: `Escalate Ticket ${first.id}` });
      await expect(confirm).toContainText(
        'Escalate this ticket? Escalated tickets will generate e-mails to engineering.',
      );
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await expect(row.getByRole('button', { name: 'De-escalate' })).toBeVisible();
      await expect(row).toContainText('ESCALATED');
      expect((await readTicket(first.id)).escalated).toBe(true);

      second = await openTicketAs('engineer', unit, unique('Second ticket'));
      await expect(ticketRow(page, second.id)).toContainText('engineer');
      await expect(
        page.getByRole('alert').filter({
          hasText: `New ticket ${second.id} for aligner ${unit.serialNumber} created by engineer.`,
        }),
      ).toBeVisible();
    } finally {
      await closeTicketIfOpen(first.id);
      if (second) await closeTicketIfOpen(second.id);
    }
  });
});
