import { screen, waitFor, within } from '@testing-library/react';
import type { AiStatistics, ChatSession } from '@equipment-dashboard/contract';
import { type Role } from '@equipment-dashboard/domain';
import { formatDateTime } from '../../shared/equipment/format';
import { openScreen } from '../../shared/testing/render-screen';
import { dialogOpen, findDialog } from '../../shared/testing/dialogs';
import { json, type StubHandler } from '../../test/fetch-stub';
import { AiKnowPage } from './aiknow-page';
import { bodyRows, pagedRoute, rowStarting as row } from '../../test/lists';

const session = (n: number, overrides: Partial<ChatSession> = {}): ChatSession => ({
  sessionId: `sess-${String(n).padStart(3, '0')}`,
  serialNumber: `AX1AS${String(n).padStart(4, '0')}`,
  isOpen: n % 2 === 1,
  createdAt: '2024-05-20T12:00:00.000Z',
  updatedAt: '2024-05-20T12:34:56.000Z',
  conversation: [],
  ...overrides,
});

const SESSIONS: ChatSession[] = Array.from({ length: 12 }, (_, i) =>
  session(i + 1, {
    conversation:
      i === 0
        ? [
            {
              query: 'How do I calibrate the front camera?',
              response: 'Open Calibration, then Front Camera.',
            },
            { query: 'And the radar?', response: 'Use the radar target at 1.5 m.' },
          ]
        : [],
  }),
);

const STATS: AiStatistics = {
  sessionCount: 42,
  openSessionCount: 5,
  averageConversationLength: 3.14159,
  queueAverage: 0.5,
  inFlightAverage: null,
};

function openAiKnow(role: Role = 'tech', statistics: StubHandler = STATS) {
  return openScreen('/AIKnow', <AiKnowPage />, role, {
    '/statistics': statistics,
    '/chat_sessions/': pagedRoute(() => SESSIONS),
  });
}

describe('AIKnow', () => {
  it("when AIKnow opens, then the Statistics tab shows five labelled figures to 3 decimals, averages with 's' and 0 when absent", async () => {
    openAiKnow();
    expect(await screen.findByRole('group', { name: 'Total Sessions Recorded' })).toHaveTextContent('42');
    expect(screen.getByRole('region', { name: 'AIKnow' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Statistics' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Chats' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Currently Open Sessions' })).toHaveTextContent('5');
    expect(screen.getByRole('group', { name: 'Average Queries per Session' })).toHaveTextContent('3.142');
    expect(screen.getByRole('group', { name: 'Average Queue Wait Time' })).toHaveTextContent('0.500s');
    expect(screen.getByRole('group', { name: 'Average Engine Response Time' })).toHaveTextContent('0.000s');
  });

  it("when the statistics cannot be read, then the server's sentence shows with Retry", async () => {
    openAiKnow('guest', json(503, { error: 'The AI service is not answering.', code: 'unavailable' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The AI service is not answering.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('when the Chats tab opens, then sessions show Session ID, Serial Number, Open yes/no, local times and View Chat Details, 10 a page', async () => {
    const { stub, user: u } = openAiKnow();
    await u.click(await screen.findByRole('tab', { name: 'Chats' }));
    expect(await screen.findByRole('cell', { name: 'sess-001' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Session ID',
      'Serial Number',
      'Open',
      'Created At',
      'Updated At',
      'Actions',
    ]);
    expect(bodyRows()).toHaveLength(10);
    expect(within(row('sess-001')).getByRole('cell', { name: 'yes' })).toBeInTheDocument();
    expect(within(row('sess-002')).getByRole('cell', { name: 'no' })).toBeInTheDocument();
    expect(within(row('sess-001')).getByRole('cell', { name: 'AX1AS0001' })).toBeInTheDocument();
    const created = formatDateTime('2024-05-20T12:00:00.000Z');
    expect(created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(within(row('sess-001')).getByRole('cell', { name: created })).toBeInTheDocument();
    expect(within(row('sess-001')).getByRole('button', { name: 'View Chat Details' })).toBeInTheDocument();
    await u.click(screen.getByTitle('2'));
    expect(await screen.findByRole('cell', { name: 'sess-011' })).toBeInTheDocument();
    expect(new URL((stub.callsTo('/chat_sessions/').at(-1) as Request).url).searchParams.get('page')).toBe(
      '2',
    );
  });

  it("when View Chat Details is clicked, then 'Chat Session' shows each query on the right in green and its response on the left in blue, with only Cancel", async () => {
    const { user: u } = openAiKnow('support');
    await u.click(await screen.findByRole('tab', { name: 'Chats' }));
    await screen.findByRole('cell', { name: 'sess-001' });
    await u.click(within(row('sess-001')).getByRole('button', { name: 'View Chat Details' }));
    const dialog = await findDialog('Chat Session');
    const exchanges = within(within(dialog).getByRole('list', { name: 'Exchanges' })).getAllByRole(
      'listitem',
    );
    expect(exchanges).toHaveLength(2);
    const query = within(exchanges[0] as HTMLElement).getByRole('group', { name: 'Query' });
    const response = within(exchanges[0] as HTMLElement).getByRole('group', { name: 'Response' });
    expect(query).toHaveTextContent('How do I calibrate the front camera?');
    expect(response).toHaveTextContent('Open Calibration, then Front Camera.');
    // The theme's green and primary blue (app/theme.ts), on which the white text is at least 4.5:1.
    expect(query).toHaveStyle({ background: 'var(--ant-green-7)' });
    expect(response).toHaveStyle({ background: 'var(--ant-color-primary)' });
    expect(query.parentElement).toHaveStyle({ justifyContent: 'flex-end' });
    expect(response.parentElement).toHaveStyle({ justifyContent: 'flex-start' });
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent || b.getAttribute('aria-label'));
    expect(buttons).toEqual(['Close', 'Cancel']);
    expect(dialog.closest('.ant-modal')).toHaveStyle({ maxWidth: '1000px' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialogOpen('Chat Session')).toBe(false));

    await u.click(within(row('sess-002')).getByRole('button', { name: 'View Chat Details' }));
    expect(await findDialog('Chat Session')).toHaveTextContent('NO EXCHANGES');
  });
});
