import { screen, waitFor, within } from '@testing-library/react';
import { dialogOpen, findDialog } from '../../shared/testing/dialogs';
import { json } from '../../test/fetch-stub';
import { queryOf } from '../../test/lists';
import { message, openMessaging } from './test-support';

const row = (id: number) => screen.getByRole('row', { name: new RegExp(`^${id} Header ${id} `) });
const actionsOf = (id: number) =>
  within(row(id))
    .queryAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));

describe('Messaging tabs and lists', () => {
  it('when it opens, then the tabs show (Other Drafts only to approvers), My Drafts lists the own drafts and offers Create New Message', async () => {
    const engineer = openMessaging('engineer');
    await screen.findByRole('tab', { name: 'Other Drafts' });
    engineer.view.unmount();
    const { stub } = openMessaging('support');
    expect(await screen.findByRole('cell', { name: 'Header 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'My Drafts',
      'Pending Approval',
      'Upcoming',
      'Active',
      'Completed',
      'Deleted',
    ]);
    expect(screen.getByRole('button', { name: 'Create New Message' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'ID',
      'Header',
      'Market',
      'Start Date',
      'End Date',
      'Actions',
    ]);
    expect(within(row(1)).getByRole('cell', { name: '12/3/2026 12:00 AM' })).toBeInTheDocument();
    expect(within(row(1)).getByRole('cell', { name: '12/23/2026 11:59 PM' })).toBeInTheDocument();
    expect(within(row(1)).getByRole('cell', { name: 'DE' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Header 2' })).not.toBeInTheDocument();
    expect(actionsOf(1)).toEqual(['Edit', 'Delete']);
    expect(queryOf(stub.callsTo('/read/messages/v1/')[0])).toEqual({
      page: '1',
      filterIssuerUsername: 'support',
      invert: 'false',
      filterDisposition: 'draft',
    });
  });

  it.each([
    ['Pending Approval', { page: '1', filterDisposition: 'pending approval' }, 3, ['View']],
    ['Upcoming', { page: '1', filterDisposition: 'upcoming' }, 5, ['View']],
    ['Active', { page: '1', invert: 'false', filterDisposition: 'active' }, 6, ['View']],
    ['Completed', { page: '1', invert: 'false', filterDisposition: 'completed' }, 7, ['View']],
    ['Deleted', { page: '1', invert: 'false', filterDisposition: 'deleted' }, 8, ['View']],
  ])(
    'when %s is chosen, then its filters are asked, Create New Message hides and rows offer View only',
    async (label, query, id, actions) => {
      const { stub, user } = openMessaging('support');
      await screen.findByRole('cell', { name: 'Header 1' });
      await user.click(screen.getByRole('tab', { name: label }));
      expect(await screen.findByRole('cell', { name: `Header ${id}` })).toBeInTheDocument();
      expect(queryOf(stub.callsTo('/read/messages/v1/').at(-1))).toEqual(query);
      expect(screen.queryByRole('button', { name: 'Create New Message' })).not.toBeInTheDocument();
      expect(actionsOf(id)).toEqual(actions);
    },
  );

  it('when an engineer chooses Other Drafts, then the drafts of others are asked and rows offer View only', async () => {
    const { stub, user } = openMessaging('engineer');
    await user.click(await screen.findByRole('tab', { name: 'Other Drafts' }));
    expect(await screen.findByRole('cell', { name: 'Header 1' })).toBeInTheDocument();
    expect(queryOf(stub.callsTo('/read/messages/v1/').at(-1))).toEqual({
      page: '1',
      filterIssuerUsername: 'engineer',
      invert: 'true',
      filterDisposition: 'draft',
    });
    expect(actionsOf(1)).toEqual(['View']);
  });

  it('when an engineer looks at Pending Approval, then every row offers View and Edit and Approve; support gets it only on its own', async () => {
    const engineer = openMessaging('engineer');
    await screen.findByRole('tab', { name: 'Pending Approval' });
    await engineer.user.click(screen.getByRole('tab', { name: 'Pending Approval' }));
    await screen.findByRole('cell', { name: 'Header 3' });
    expect(actionsOf(3)).toEqual(['View', 'Edit and Approve']);
    expect(actionsOf(4)).toEqual(['View', 'Edit and Approve']);
    engineer.view.unmount();

    const support = openMessaging('support');
    await screen.findByRole('cell', { name: 'Header 1' });
    await support.user.click(screen.getByRole('tab', { name: 'Pending Approval' }));
    await screen.findByRole('cell', { name: 'Header 3' });
    expect(actionsOf(3)).toEqual(['View']);
    expect(actionsOf(4)).toEqual(['View', 'Edit and Approve']);
  });

  it('when a guest looks, then there is no Create New Message and drafts can only be looked at', async () => {
    openMessaging('guest', (world) => {
      world.messages = [message(1, { issuerUsername: 'guest' })];
      return {};
    });
    await screen.findByRole('cell', { name: 'Header 1' });
    expect(screen.queryByRole('button', { name: 'Create New Message' })).not.toBeInTheDocument();
    expect(actionsOf(1)).toEqual([]);
  });

  it('when View is pressed, then a read-only dialog shows the dates, header, body, call to action and market', async () => {
    const { user } = openMessaging('support');
    await screen.findByRole('cell', { name: 'Header 1' });
    await user.click(screen.getByRole('tab', { name: 'Upcoming' }));
    await screen.findByRole('cell', { name: 'Header 5' });
    await user.click(within(row(5)).getByRole('button', { name: 'View' }));
    const dialog = await findDialog('Message - 5');
    for (const text of [
      '12/3/2026 12:00 AM',
      '12/23/2026 11:59 PM',
      'Header 5',
      'Body of message 5',
      'Call now about 5',
      'DE',
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(dialogOpen('Message - 5')).toBe(false));
  });

  it('when a draft is deleted, then a confirmation asks and Yes sends its id; My Drafts reloads without it', async () => {
    let body: unknown = null;
    const { user } = openMessaging('support', (world) => ({
      'POST /delete/message/v1': async (request) => {
        body = await request.json();
        world.messages = world.messages.map((m) =>
          m.id === 1 ? { ...m, disposition: 'deleted' as const } : m,
        );
        return { ...message(1), disposition: 'deleted' };
      },
    }));
    await screen.findByRole('cell', { name: 'Header 1' });
    await user.click(within(row(1)).getByRole('button', { name: 'Delete' }));
    const dialog = await findDialog('Delete Message');
    expect(
      within(dialog).getByText('Are you sure you want to delete the message 1 (Header 1)?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(body).toEqual({ id: 1 }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Header 1' })).not.toBeInTheDocument());
  });

  it('when the list cannot be loaded, then the server sentence shows', async () => {
    openMessaging('support', () => ({
      '/read/messages/v1/': json(500, { error: 'The store is not answering.', code: 'internal' }),
    }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The store is not answering.');
  });
});
