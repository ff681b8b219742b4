import { screen, waitFor, within } from '@testing-library/react';
import { findDialog } from '../../shared/testing/dialogs';
import { openApp } from '../../test/render-app';
import { rowStarting as row } from '../../test/lists';
import { user } from './test-support';

describe('Users of an identity provider', () => {
  const users = [
    user('admin', { role: 'admin', provider: null }),
    user('eli', { role: 'engineer', provider: 'Demo IdP' }),
  ];

  it('when the list shows a provider user, then its Sign-in says who manages it and a local user says Local', async () => {
    openApp('/Users', 'admin', { '/read/users/v1/': { docs: users, totalDocs: 2 } });
    expect(await screen.findByRole('cell', { name: 'Managed by Demo IdP' })).toBeInTheDocument();
    expect(within(row('admin')).getByRole('cell', { name: 'Local' })).toBeInTheDocument();
  });

  it('when a provider user is edited, then the role and e-mail cannot be changed and only Active is sent', async () => {
    const bodies: unknown[] = [];
    const { user: u } = openApp('/Users', 'admin', {
      '/read/users/v1/': { docs: users, totalDocs: 2 },
      'POST /update/user/v1/': async (request) => {
        bodies.push(await request.json());
        return user('eli', { role: 'engineer', active: false, provider: 'Demo IdP' });
      },
    });
    await screen.findByRole('cell', { name: 'eli' });
    await u.click(within(row('eli')).getByRole('button', { name: 'Edit User' }));
    const dialog = await findDialog('Update User - eli');
    expect(
      within(dialog).getByText(/Managed by Demo IdP: the role and e-mail come from the provider/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('E-mail')).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toBeDisabled();
    await u.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await u.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(bodies).toEqual([{ username: 'eli', active: false }]));
  });
});
