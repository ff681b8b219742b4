import { act, screen, waitFor, within } from '@testing-library/react';
import { TOKEN_STORAGE_KEY } from '@equipment-dashboard/api-client';
import { json, stubFetch } from '../../test/fetch-stub';
import { dashboardRoutes, tokenFor } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const CURRENT = 'current-password-1';
const NEXT = 'a-new-password-22';

async function openDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Account' }));
  await user.click(await screen.findByText('Change Password'));
  return screen.findByRole('dialog', { name: 'Change Password' });
}

describe('change password dialog', () => {
  it('when the current password is empty, the new one short, or both equal, then SAVE is disabled', async () => {
    stubFetch(dashboardRoutes());
    const { user } = renderApp({ route: '/Audits', token: tokenFor('support') });
    const dialog = await openDialog(user);
    const save = within(dialog).getByRole('button', { name: 'SAVE' });
    const current = within(dialog).getByLabelText('Current Password');
    const next = within(dialog).getByLabelText('New Password');

    await user.type(next, NEXT);
    expect(save).toBeDisabled();
    await user.type(current, CURRENT);
    expect(save).toBeEnabled();
    await user.clear(next);
    await user.type(next, 'short');
    expect(save).toBeDisabled();
    await user.clear(next);
    await user.type(next, CURRENT);
    expect(save).toBeDisabled();
  });

  it('when the password is changed, then the dialog closes and the renewed token is kept', async () => {
    const renewed = tokenFor('support', 'renewed-token');
    const stub = stubFetch({
      ...dashboardRoutes(),
      'POST /update/user_password/v1': { ok: true, token: renewed },
    });
    const { user } = renderApp({ route: '/Audits', token: tokenFor('support') });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Current Password'), CURRENT);
    await user.type(within(dialog).getByLabelText('New Password'), `${NEXT}{Enter}`);

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Change Password' })).not.toBeInTheDocument(),
    );
    expect(await stub.callsTo('/update/user_password/v1')[0]?.json()).toEqual({
      username: 'support',
      prevPassword: CURRENT,
      newPassword: NEXT,
    });
    expect(JSON.parse(window.localStorage.getItem(TOKEN_STORAGE_KEY) ?? 'null')).toEqual(renewed);
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
  });

  it('when the current password is wrong, then the server’s message shows in the dialog', async () => {
    stubFetch({
      ...dashboardRoutes(),
      'POST /update/user_password/v1': json(400, {
        error: 'The current password is not correct.',
        code: 'bad_request',
      }),
    });
    const { user } = renderApp({ route: '/Audits', token: tokenFor('support') });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Current Password'), CURRENT);
    await user.type(within(dialog).getByLabelText('New Password'), NEXT);
    await user.click(within(dialog).getByRole('button', { name: 'SAVE' }));

    expect(await within(dialog).findByText('The current password is not correct.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
  });

  it('when the password has not expired, then CANCEL closes the dialog', async () => {
    stubFetch(dashboardRoutes());
    const { user } = renderApp({ route: '/Audits', token: tokenFor('support') });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Change Password' })).not.toBeInTheDocument(),
    );
  });

  it('when the expiry check says expired, then the dialog opens and cannot be cancelled', async () => {
    const stub = stubFetch(dashboardRoutes({ '/read/expired/v1': { username: 'support', expired: true } }));
    const { user } = renderApp({ route: '/Audits', token: tokenFor('support') });

    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    expect(within(dialog).getByText(/Your password has expired/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'CANCEL' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
    expect(new URL(stub.callsTo('/read/expired/v1')[0]?.url ?? '').searchParams.get('username')).toBe(
      'support',
    );
  });

  it('when 30 minutes pass, then the expiry is checked again', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const stub = stubFetch(dashboardRoutes());
      renderApp({ route: '/Audits', token: tokenFor('support') });
      await waitFor(() => expect(stub.callsTo('/read/expired/v1')).toHaveLength(1));
      // The timer starts the check, which updates the check's query state.
      act(() => jest.advanceTimersByTime(1_800_000));
      await waitFor(() => expect(stub.callsTo('/read/expired/v1')).toHaveLength(2));
    } finally {
      jest.useRealTimers();
    }
  });
});
