import { screen, waitFor } from '@testing-library/react';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

const LONG = 'a-long-password-1';

describe('set password', () => {
  it('when the page opens, then both fields, the length rule and SET PASSWORD show', async () => {
    stubFetch({});
    renderApp({ route: '/reset_password?token=abc' });
    expect(await screen.findByLabelText('New Password')).toBeInTheDocument();
    expect(screen.getByLabelText('Verify New Password')).toBeInTheDocument();
    expect(screen.getByText(/12 characters or longer/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SET PASSWORD' })).toBeDisabled();
  });

  it('when the password is short or the two fields differ, then SET PASSWORD is disabled', async () => {
    stubFetch({});
    const { user } = renderApp({ route: '/reset_password?token=abc' });
    const button = await screen.findByRole('button', { name: 'SET PASSWORD' });
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Verify New Password'), 'short');
    expect(button).toBeDisabled();

    await user.clear(screen.getByLabelText('New Password'));
    await user.clear(screen.getByLabelText('Verify New Password'));
    await user.type(screen.getByLabelText('New Password'), LONG);
    await user.type(screen.getByLabelText('Verify New Password'), `${LONG}x`);
    expect(button).toBeDisabled();

    await user.type(screen.getByLabelText('Verify New Password'), '{Backspace}');
    expect(button).toBeEnabled();
  });

  it('when the new password is set, then the token from the link is sent and the user goes to /login', async () => {
    const stub = stubFetch({ 'POST /reset/user_password/v1': { ok: true } });
    const { user, location } = renderApp({ route: '/reset_password?token=reset-token-1' });
    await user.type(await screen.findByLabelText('New Password'), LONG);
    await user.type(screen.getByLabelText('Verify New Password'), `${LONG}{Enter}`);

    await waitFor(() => expect(location()).toBe('/login'));
    expect(await stub.callsTo('/reset/user_password/v1')[0]?.json()).toEqual({
      token: 'reset-token-1',
      newPassword: LONG,
    });
  });

  it('when the token is used or expired, then Something went wrong... shows', async () => {
    stubFetch({
      'POST /reset/user_password/v1': json(400, {
        error: 'The reset link is not valid.',
        code: 'bad_request',
      }),
    });
    const { user, location } = renderApp({ route: '/reset_password?token=used' });
    await user.type(await screen.findByLabelText('New Password'), LONG);
    await user.type(screen.getByLabelText('Verify New Password'), LONG);
    await user.click(screen.getByRole('button', { name: 'SET PASSWORD' }));

    expect(await screen.findByText('Something went wrong...')).toBeInTheDocument();
    expect(location()).toBe('/reset_password?token=used');
  });
});
