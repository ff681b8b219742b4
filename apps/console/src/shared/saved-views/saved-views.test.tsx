import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Aligner, SavedView } from '@equipment-dashboard/contract';
import type { Role } from '@equipment-dashboard/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { dashboardRoutes, tokenFor } from '../../test/fixtures';
import { callsFilteredBy, pagedRoute, queryOf } from '../../test/lists';
import { renderApp } from '../../test/render-app';

const view = (id: number, overrides: Partial<SavedView> = {}): SavedView => ({
  id,
  screen: 'equipment',
  name: `View ${id}`,
  owner: 'support',
  shared: false,
  query: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const VIEWS = [
  view(5, {
    name: 'EU gtps',
    query: { filterFamily: 'gtps', filterCountryCode: 'DE', sortBy: 'serialNumber', sortDesc: 'true' },
  }),
  view(6, { name: 'Team aligners', owner: 'engineer', shared: true, query: { filterFamily: 'aligner' } }),
];

function open(route: string, role: Role, views: SavedView[] = VIEWS) {
  const stub = stubFetch(
    dashboardRoutes({
      '/read/aligners/v1/': pagedRoute<Aligner>(() => []),
      '/read/saved_views/v1': (request) => (queryOf(request).screen === 'equipment' ? views : []),
      'POST /create/saved_view/v1': async (request) =>
        view(9, { ...((await request.json()) as Partial<SavedView>), owner: role }),
      'POST /delete/saved_view/v1': async (request) => ({
        id: ((await request.json()) as { id: number }).id,
        deleted: true,
      }),
    }),
  );
  return { ...renderApp({ route, token: tokenFor(role) }), stub };
}

const lastListQuery = (stub: ReturnType<typeof stubFetch>) =>
  queryOf(stub.callsTo('/read/aligners/v1/').at(-1));

async function pick(user: UserEvent, name: string) {
  await user.click(await screen.findByLabelText('Saved view'));
  const dropdowns = document.querySelectorAll<HTMLElement>(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
  );
  const dropdown = dropdowns[dropdowns.length - 1];
  if (!dropdown) throw new Error('No dropdown opened for the saved views.');
  await user.click(await within(dropdown).findByTitle(name));
}

describe('saved views on the equipment list', () => {
  it("when a view is picked, then the list is asked with the view's filters and sort, on page 1", async () => {
    const { user, stub } = open('/Aligners?page=3&filterSerialNumber=AX1', 'support');
    await waitFor(() => expect(lastListQuery(stub)).toMatchObject({ page: '3', filterSerialNumber: 'AX1' }));
    await pick(user, 'EU gtps');
    await waitFor(() =>
      expect(lastListQuery(stub)).toEqual({
        page: '1',
        filterFamily: 'gtps',
        filterCountryCode: 'DE',
        sortBy: 'serialNumber',
        sortDesc: 'true',
      }),
    );
  });

  it('when the screen opens on a deep link (?view=<id>), then that view is applied', async () => {
    const { stub } = open('/Aligners?view=6&page=2', 'tech');
    await waitFor(() =>
      expect(callsFilteredBy(stub, '/read/aligners/v1/', 'filterFamily').at(-1)).toMatchObject({
        filterFamily: 'aligner',
        page: '1',
      }),
    );
    expect(await screen.findByText('View "Team aligners" applied.')).toBeInTheDocument();
  });

  it('when a deep link names a view that is not there, then the user is told and the list stays as it was', async () => {
    const { stub } = open('/Aligners?view=77', 'tech');
    expect(
      await screen.findByText('That saved view does not exist, or is not shared with you.'),
    ).toBeInTheDocument();
    expect(callsFilteredBy(stub, '/read/aligners/v1/', 'filterFamily')).toEqual([]);
  });

  it('when a view is saved, then its name, share switch and the current filters and sort (no page) are sent', async () => {
    const { user, stub } = open('/Aligners?filterCountryCode=FR&sortBy=createdAt&page=2', 'support');
    await user.click(await screen.findByRole('button', { name: /Save view/ }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Name'), '  French by age ');
    await user.click(within(dialog).getByRole('switch'));
    await user.click(save);
    await waitFor(() => expect(stub.callsTo('/create/saved_view/v1')).toHaveLength(1));
    expect(await stub.callsTo('/create/saved_view/v1')[0]?.json()).toEqual({
      screen: 'equipment',
      name: 'French by age',
      shared: true,
      query: { filterCountryCode: 'FR', sortBy: 'createdAt' },
    });
    expect(await screen.findByText('View "French by age" saved.')).toBeInTheDocument();
  });

  it("when the server refuses a save, then the dialog stays open with the server's sentence", async () => {
    const stub = stubFetch(
      dashboardRoutes({
        '/read/aligners/v1/': pagedRoute<Aligner>(() => []),
        '/read/saved_views/v1': [],
        'POST /create/saved_view/v1': json(400, {
          error: 'The request body is not valid.',
          details: { name: 'at most 80 characters' },
        }),
      }),
    );
    const { user } = renderApp({ route: '/Aligners', token: tokenFor('support') });
    await user.click(await screen.findByRole('button', { name: /Save view/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/not valid/)).toBeInTheDocument();
    expect(stub.callsTo('/create/saved_view/v1')).toHaveLength(1);
  });

  it('when a guest opens the list, then the picker is there but Save view is not', async () => {
    open('/Aligners', 'guest');
    expect(await screen.findByLabelText('Saved view')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Copy link' });
    expect(screen.queryByRole('button', { name: /Save view/ })).not.toBeInTheDocument();
  });

  it("when the owner picks their view, then they may delete it; another user's shared view offers no delete, but an admin's does", async () => {
    const { user, stub } = open('/Aligners', 'support');
    await pick(user, 'Team aligners');
    expect(screen.queryByRole('button', { name: 'Delete view' })).not.toBeInTheDocument();
    await pick(user, 'EU gtps');
    await user.click(await screen.findByRole('button', { name: 'Delete view' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Delete the saved view "EU gtps"?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(stub.callsTo('/delete/saved_view/v1')).toHaveLength(1));
    expect(await stub.callsTo('/delete/saved_view/v1')[0]?.json()).toEqual({ id: 5 });
    cleanup();

    const admin = open('/Aligners', 'admin');
    await pick(admin.user, 'Team aligners');
    expect(await screen.findByRole('button', { name: 'Delete view' })).toBeInTheDocument();
  });

  it('when Copy link is pressed, then the deep link of the picked view goes to the clipboard', async () => {
    const { user } = open('/Aligners', 'support');
    // After user-event's set-up, which puts a clipboard of its own in place.
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await pick(user, 'EU gtps');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/Aligners?view=5`));
  });
});
