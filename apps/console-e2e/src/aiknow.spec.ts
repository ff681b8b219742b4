import { expect, test } from '@playwright/test';
import type { AiStatistics, ChatSession, Paged } from '@equipment-dashboard/contract';
import { api, apiToken, signIn } from './support/console';
import { dialogTitled, openScreen, rowOf } from './support/back-office';

// Read-only: these specs only look at the seeded chat sessions.

test.describe('AIKnow', () => {
  test('when support opens AIKnow, then the statistics match the server and a chat session shows its exchanges', async ({
    page,
  }) => {
    const token = await apiToken('support');
    const stats = await api<AiStatistics>(token, '/statistics');
    const sessions = await api<Paged<ChatSession>>(token, '/chat_sessions/?page=1');
    const talk = sessions.docs.find((s) => s.conversation.length > 0);
    if (!talk) throw new Error('no chat session with exchanges on the first page');

    await signIn(page, 'support');
    const screen = await openScreen(page, '/AIKnow', 'AIKnow');
    await expect(screen.getByRole('group', { name: 'Total Sessions Recorded' })).toContainText(
      String(stats.sessionCount),
    );
    await expect(screen.getByRole('group', { name: 'Currently Open Sessions' })).toContainText(
      String(stats.openSessionCount),
    );
    await expect(screen.getByRole('group', { name: 'Average Queries per Session' })).toContainText(
      stats.averageConversationLength.toFixed(3),
    );
    await expect(screen.getByRole('group', { name: 'Average Queue Wait Time' })).toContainText(
      `${(stats.queueAverage ?? 0).toFixed(3)}s`,
    );
    await expect(screen.getByRole('group', { name: 'Average Engine Response Time' })).toContainText(
      `${(stats.inFlightAverage ?? 0).toFixed(3)}s`,
    );

    await screen.getByRole('tab', { name: 'Chats' }).click();
    const panel = screen.getByRole('tabpanel', { name: 'Chats' });
    await expect(panel.getByRole('row')).toHaveCount(sessions.docs.length + 1);
    const row = rowOf(panel, talk.sessionId);
    await expect(row).toContainText(talk.isOpen ? 'yes' : 'no');
    await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await row.getByRole('button', { name: 'View Chat Details' }).click();
    const dialog = dialogTitled(page, 'Chat Session');
    const exchanges = dialog.getByRole('list', { name: 'Exchanges' }).getByRole('listitem');
    await expect(exchanges).toHaveCount(talk.conversation.length);
    const first = talk.conversation[0];
    if (!first) throw new Error('no exchange');
    const query = exchanges.first().getByRole('group', { name: 'Query' });
    const response = exchanges.first().getByRole('group', { name: 'Response' });
    await expect(query).toContainText(first.query.slice(0, 40));
    await expect(response).toContainText(first.response.slice(0, 40));
    // The query sits on the right, the response on the left.
    const [queryBox, responseBox] = [await query.boundingBox(), await response.boundingBox()];
    expect((queryBox?.x ?? 0) + (queryBox?.width ?? 0)).toBeGreaterThan(
      (responseBox?.x ?? 0) + (responseBox?.width ?? 0),
    );
    expect(queryBox?.x ?? 0).toBeGreaterThan(responseBox?.x ?? 0);
    await expect(dialog.locator('.ant-modal-footer').getByRole('button')).toHaveText(['Cancel']);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
