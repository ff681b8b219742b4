import { screen, waitFor, within } from '@testing-library/react';
import { dialogOpen, findDialog } from '../../shared/testing/dialogs';
import { json } from '../../test/fetch-stub';
import { openUsers, user } from './test-support';
import { bodyRows, expectColumns, callsFilteredBy, queryOf, rowStarting as row } from '../../test/lists';

describe('Users', () => {
  it('when an admin opens /Users, then the first page shows Username, E-mail, Role, Active (Yes/No) and Actions', async () => {
    const { stub } = openUsers();
    expect(await screen.findByRole('cell', { name: 'ann' })).toBeInTheDocument();
    expectColumns(['Username', 'E-mail', 'Role', 'Active', 'Sign-in', 'Actions']);
    expect(bodyRows()).toHaveLength(10);
    expect(within(row('kmiller')).getByRole('cell', { name: 'No' })).toBeInTheDocument();
    expect(within(row('ann')).getByRole('cell', { name: 'Yes' })).toBeInTheDocument();
    expect(within(row('ann')).getByRole('cell', { name: 'engineer' })).toBeInTheDocument();
    expect(within(row('ann')).getByRole('cell', { name: 'ann@example.com' })).toBeInTheDocument();
    expect(within(row('kmiller')).getByRole('button', { name: 'Edit User' })).toBeInTheDocument();
    expect(within(row('kmiller')).getByRole('button', { name: 'Delete User' })).toBeInTheDocument();
    expect(queryOf(stub.callsTo('/read/users/v1/')[0] as Request)).toEqual({ page: '1' });
    expect(screen.getByText('12 in all')).toBeInTheDocument();
    expect(document.querySelector('.ant-pagination-options .ant-select')).toHaveClass('ant-select-disabled');
  });

  it('when a username is typed in the filter, then page 1 is asked with it once the typing pauses', async () => {
    const { stub, user: u } = openUsers();
    await screen.findByRole('cell', { name: 'ann' });
    await u.click(screen.getByTitle('2'));
    await screen.findByRole('cell', { name: 'user09' });
    await u.type(screen.getByRole('textbox', { name: 'filter username' }), 'AN');
    expect(await screen.findByRole('cell', { name: 'ann' })).toBeInTheDocument();
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    const filtered = callsFilteredBy(stub, '/read/users/v1/', 'filterUsername');
    expect(filtered).toEqual([{ page: '1', filterUsername: 'AN' }]);
  });

  it('when Create New User is filled in, then Create enables only with username, password, e-mail and role, and the user is sent and listed', async () => {
    let body: unknown = null;
    const { world, user: u } = openUsers('admin', {
      'POST /create/user/v1/': async (request) => {
        body = await request.json();
        world.users = [...world.users, user('zed', { role: 'tech', email: 'zed@example.com' })];
        return user('zed', { role: 'tech' });
      },
    });
    await screen.findByRole('cell', { name: 'ann' });
    await u.click(screen.getByRole('button', { name: 'Create New User' }));
    const dialog = await findDialog('Create New User');
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await u.type(within(dialog).getByLabelText('Username'), 'zed');
    await u.type(within(dialog).getByLabelText('Password'), 'a-long-password-1');
    await u.type(within(dialog).getByLabelText('E-mail'), 'zed@example.com');
    expect(create).toBeDisabled();
    await u.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await u.click(await screen.findByTitle('tech'));
    expect(create).toBeEnabled();
    await u.click(create);
    await waitFor(() =>
      expect(body).toEqual({
        username: 'zed',
        password: 'a-long-password-1',
        email: 'zed@example.com',
        role: 'tech',
        active: true,
      }),
    );
    expect(await screen.findByText('User zed was created.')).toBeInTheDocument();
    await waitFor(() => expect(dialogOpen('Create New User')).toBe(false));
    expect(screen.getByText('13 in all')).toBeInTheDocument();
  });

  it('when the server answers that the user exists, then its sentence shows in the dialog, which stays open', async () => {
    const { user: u } = openUsers('admin', {
      'POST /create/user/v1/': json(409, { error: 'The user ann already exists.', code: 'user_exists' }),
    });
    await screen.findByRole('cell', { name: 'ann' });
    await u.click(screen.getByRole('button', { name: 'Create New User' }));
    const dialog = await findDialog('Create New User');
    await u.type(within(dialog).getByLabelText('Username'), 'ann');
    await u.type(within(dialog).getByLabelText('Password'), 'a-long-password-1');
    await u.type(within(dialog).getByLabelText('E-mail'), 'ann@example.com');
    await u.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await u.click(await screen.findByTitle('engineer'));
    await u.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The user ann already exists.');
    expect(dialogOpen('Create New User')).toBe(true);
  });

  it("when a user is edited, then the title is 'Update User - username', Update waits for a change and a blank password is not sent", async () => {
    let body: unknown = null;
    const { user: u } = openUsers('admin', {
      'POST /update/user/v1/': async (request) => {
        body = await request.json();
        return user('ann', { role: 'support' });
      },
    });
    await screen.findByRole('cell', { name: 'ann' });
    await u.click(within(row('ann')).getByRole('button', { name: 'Edit User' }));
    const dialog = await findDialog('Update User - ann');
    const update = within(dialog).getByRole('button', { name: 'Update' });
    expect(within(dialog).getByLabelText('E-mail')).toHaveValue('ann@example.com');
    expect(within(dialog).getByLabelText('Password')).toHaveValue('');
    expect(update).toBeDisabled();
    await u.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await u.click(await screen.findByTitle('support'));
    expect(update).toBeEnabled();
    await u.click(update);
    await waitFor(() =>
      expect(body).toEqual({ username: 'ann', email: 'ann@example.com', role: 'support', active: true }),
    );
    expect(await screen.findByText('User ann was updated.')).toBeInTheDocument();
  });

  it('when only a new password or only Active changes, then Update enables and sends it', async () => {
    const bodies: unknown[] = [];
    const { user: u } = openUsers('admin', {
      'POST /update/user/v1/': async (request) => {
        bodies.push(await request.json());
        return user('kmiller');
      },
    });
    await screen.findByRole('cell', { name: 'kmiller' });
    await u.click(within(row('kmiller')).getByRole('button', { name: 'Edit User' }));
    let dialog = await findDialog('Update User - kmiller');
    await u.type(within(dialog).getByLabelText('Password'), 'a-new-password-12');
    await u.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      username: 'kmiller',
      password: 'a-new-password-12',
      email: 'kmiller@example.com',
      role: 'support',
      active: false,
    });
    await waitFor(() => expect(dialogOpen('Update User - kmiller')).toBe(false));

    await u.click(within(row('kmiller')).getByRole('button', { name: 'Edit User' }));
    dialog = await findDialog('Update User - kmiller');
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeDisabled();
    await u.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await u.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ username: 'kmiller', active: true });
    expect(bodies[1]).not.toHaveProperty('password');
  });

  it("when delete is pressed, then 'Are you sure you want to delete the user username?' asks; Yes deletes and the row goes", async () => {
    let body: unknown = null;
    const { world, user: u } = openUsers('admin', {
      'POST /delete/user/v1': async (request) => {
        body = await request.json();
        world.users = world.users.filter((x) => x.username !== 'ann');
        return { username: 'ann', deleted: true };
      },
    });
    await screen.findByRole('cell', { name: 'ann' });
    await u.click(within(row('ann')).getByRole('button', { name: 'Delete User' }));
    const dialog = await findDialog('Delete User');
    expect(within(dialog).getByText('Are you sure you want to delete the user ann?')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(body).toEqual({ username: 'ann' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'ann' })).not.toBeInTheDocument());
    expect(screen.getByText('User ann was deleted.')).toBeInTheDocument();
  });

  it('when the server refuses a delete (an admin deleting themself), then its sentence shows and nothing is removed', async () => {
    const { user: u } = openUsers('admin', {
      'POST /delete/user/v1': json(403, { error: 'You cannot delete yourself.', code: 'forbidden' }),
    });
    await screen.findByRole('cell', { name: 'ann' });
    await u.click(within(row('admin')).getByRole('button', { name: 'Delete User' }));
    const dialog = await findDialog('Delete User');
    await u.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You cannot delete yourself.');
    expect(row('admin')).toBeInTheDocument();
  });

  it('when the list cannot be loaded, then the server sentence shows with Retry', async () => {
    openUsers('admin', {
      '/read/users/v1/': json(500, { error: 'The store is not answering.', code: 'internal' }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The store is not answering.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('when support opens /Users, then the drawer has no Users entry, the screen says the role has no access and nothing is asked', async () => {
    const { stub } = openUsers('support');
    expect(await screen.findByText('You do not have access to Users.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Navigation' });
    expect(within(nav).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(stub.callsTo('/read/users/v1/')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Create New User' })).not.toBeInTheDocument();
  });

  it('when an admin is signed in, then the drawer shows Users', async () => {
    openUsers('admin');
    const nav = await screen.findByRole('navigation', { name: 'Navigation' });
    expect(within(nav).getByRole('link', { name: /Users/ })).toBeInTheDocument();
  });
});
