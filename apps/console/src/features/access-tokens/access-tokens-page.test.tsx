import { screen, waitFor, within } from '@testing-library/react';
import type { AccessToken } from '@equipment-dashboard/contract';
import { dialogOpen, findDialog } from '../../shared/testing/dialogs';
import { openApp } from '../../test/render-app';
import { rowStarting as row } from '../../test/lists';

const token = (id: string, overrides: Partial<AccessToken> = {}): AccessToken => ({
  id,
  name: `token ${id}`,
  username: 'engineer',
  role: 'engineer',
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: '2026-12-01T10:00:00.000Z',
  lastUsedAt: null,
  expired: false,
  ...overrides,
});

describe('Access tokens', () => {
  it('when the screen opens from the account menu, then the tokens show with their role, expiry and last use', async () => {
    const { user } = openApp('/', 'engineer', {
      '/read/access_tokens/v1/': {
        docs: [
          token('a', { name: 'ci pipeline', lastUsedAt: '2026-11-20T08:00:00.000Z' }),
          token('b', { name: 'old', expired: true }),
        ],
        totalDocs: 2,
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    await user.click(await screen.findByText('Access tokens'));
    expect(await screen.findByRole('cell', { name: 'ci pipeline' })).toBeInTheDocument();
    expect(within(row('ci pipeline')).getByRole('cell', { name: 'engineer' })).toBeInTheDocument();
    expect(within(row('old')).getByRole('cell', { name: 'never' })).toBeInTheDocument();
    expect(within(row('old')).getByRole('cell', { name: /\(expired\)$/ })).toBeInTheDocument();
  });

  it("when a token is created, then it is shown once with the chosen lifetime and a role within the user's", async () => {
    let body: unknown = null;
    const world = { docs: [] as AccessToken[] };
    const { user } = openApp('/AccessTokens', 'support', {
      '/read/access_tokens/v1/': () => ({ docs: world.docs, totalDocs: world.docs.length }),
      'POST /create/access_token/v1': async (request) => {
        body = await request.json();
        world.docs = [token('new', { name: 'nightly', role: 'tech', username: 'support' })];
        return { id: 'new', token: 'edpat_secret-shown-once' };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await findDialog('Create token');
    await user.type(within(dialog).getByLabelText('Name'), 'nightly');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await screen.findByRole('listbox');
    const offered = [
      ...document.querySelectorAll(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      ),
    ].map((o) => o.textContent);
    expect(offered).toEqual(['support', 'tech', 'guest']);
    await user.click(await screen.findByTitle('tech'));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    const shown = await findDialog('Your new token');
    expect(within(shown).getByLabelText('Token')).toHaveValue('edpat_secret-shown-once');
    expect(within(shown).getByText(/shown only this once/)).toBeInTheDocument();
    expect(body).toEqual({ name: 'nightly', expiresInDays: 30, role: 'tech' });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(dialogOpen('Your new token')).toBe(false));
    expect(await screen.findByRole('cell', { name: 'nightly' })).toBeInTheDocument();
    expect(screen.queryByDisplayValue('edpat_secret-shown-once')).not.toBeInTheDocument();
  });

  it('when a token is revoked, then its id is sent and the list no longer has it', async () => {
    let body: unknown = null;
    const world = { docs: [token('a', { name: 'ci pipeline' })] };
    const { user } = openApp('/AccessTokens', 'engineer', {
      '/read/access_tokens/v1/': () => ({ docs: world.docs, totalDocs: world.docs.length }),
      'POST /delete/access_token/v1': async (request) => {
        body = await request.json();
        world.docs = [];
        return { id: 'a', revoked: true };
      },
    });
    await screen.findByRole('cell', { name: 'ci pipeline' });
    await user.click(within(row('ci pipeline')).getByRole('button', { name: 'Revoke' }));
    const confirm = await findDialog('Revoke token');
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'ci pipeline' })).not.toBeInTheDocument());
    expect(body).toEqual({ id: 'a' });
  });
});
