import { expect, test } from '@playwright/test';
import { api, apiToken, chooseOption, drawerEntries, e2eServer, signIn } from './support/console';
import { deleteUserIfPresent, unique } from './support/desk';

// The user this spec makes is deleted by the spec itself (and again in `finally` if a step failed).

test.describe('users', () => {
  test('when an admin creates, edits and deletes a user, then the table and the server follow each step', async ({
    page,
  }) => {
    const username = unique('e2e-user');
    try {
      await signIn(page, 'admin');
      await page.goto(`${e2eServer().url}/Users`);
      await expect(page.getByRole('columnheader', { name: 'E-mail' })).toBeVisible();

      await page.getByRole('button', { name: 'Create New User' }).click();
      const create = page.getByRole('dialog', { name: 'Create New User' });
      await expect(create.getByRole('button', { name: 'Create' })).toBeDisabled();
      await create.getByLabel('Username').fill(username);
      await create.getByLabel('Password').fill('e2e-password-1234');
      await create.getByLabel('E-mail').fill(`${username}@example.com`);
      await chooseOption(page, create, 'Role', 'tech');
      await create.getByRole('button', { name: 'Create' }).click();
      await expect(create).toBeHidden();

      await page.getByPlaceholder('filter username').fill(username);
      const row = page.getByRole('row').filter({ hasText: username });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('cell')).toHaveText([
        username,
        `${username}@example.com`,
        'tech',
        'Yes',
        'Local',
        '',
      ]);
      // The new user can sign in.
      expect(await apiToken(username, 'e2e-password-1234')).toBeTruthy();

      await row.getByRole('button', { name: 'Edit User' }).click();
      const edit = page.getByRole('dialog', { name: `Update User - ${username}` });
      await expect(edit.getByRole('button', { name: 'Update' })).toBeDisabled();
      await chooseOption(page, edit, 'Role', 'support');
      await edit.getByRole('switch', { name: 'Active' }).click();
      await edit.getByRole('button', { name: 'Update' }).click();
      await expect(edit).toBeHidden();
      await expect(row.getByRole('cell')).toHaveText([
        username,
        `${username}@example.com`,
        'support',
        'No',
        'Local',
        '',
      ]);
      // A blank password kept the old one; the user is inactive now, so it cannot sign in.
      await expect(apiToken(username, 'e2e-password-1234')).rejects.toThrow(/401/);

      await row.getByRole('button', { name: 'Delete User' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete User' });
      await expect(confirm).toContainText(`Are you sure you want to delete the user ${username}?`);
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await expect(row).toHaveCount(0);
      const left = await api<{ totalDocs: number }>(
        await apiToken('admin'),
        `/read/users/v1/?filterUsername=${username}`,
      );
      expect(left.totalDocs).toBe(0);
    } finally {
      await deleteUserIfPresent(username);
    }
  });

  test('when an admin creates a user that exists or deletes themself, then the server sentence shows', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto(`${e2eServer().url}/Users`);
    await page.getByRole('button', { name: 'Create New User' }).click();
    const create = page.getByRole('dialog', { name: 'Create New User' });
    await create.getByLabel('Username').fill('support');
    await create.getByLabel('Password').fill('e2e-password-1234');
    await create.getByLabel('E-mail').fill('someone@example.com');
    await chooseOption(page, create, 'Role', 'support');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create.getByRole('alert')).toContainText('The user support already exists.');
    await create.getByRole('button', { name: 'Cancel' }).click();

    await page.getByPlaceholder('filter username').fill('admin');
    const me = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'admin', exact: true }).first() })
      .first();
    await me.getByRole('button', { name: 'Delete User' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete User' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(confirm.getByRole('alert')).toContainText('You cannot delete yourself.');
  });

  test('when support signs in, then the drawer has no Users entry and /Users says the role has no access', async ({
    page,
  }) => {
    await signIn(page, 'support');
    expect(await drawerEntries(page)).not.toContain('Users');
    await page.goto(`${e2eServer().url}/Users`);
    await expect(page.getByText('You do not have access to Users.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create New User' })).toHaveCount(0);
  });
});
