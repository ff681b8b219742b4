import { screen } from '@testing-library/react';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { AUTH_TEXTS } from './texts';

describe('request password reset', () => {
  it('when no username is entered, then REQUEST RESET is disabled', async () => {
    stubFetch({});
    const { user } = renderApp({ route: '/request_password_reset' });
    const button = await screen.findByRole('button', { name: 'REQUEST RESET' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Username'), 'support');
    expect(button).toBeEnabled();
  });

  it('when the request succeeds, then the confirmation shows and the button stays disabled', async () => {
    const stub = stubFetch({ 'POST /request/reset_user_password/v1': { ok: true } });
    const { user } = renderApp({ route: '/request_password_reset' });
    await user.type(await screen.findByLabelText('Username'), 'support{Enter}');

    expect(
      await screen.findByText('Please check your e-mail for instructions to reset your password.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'REQUEST RESET' })).toBeDisabled();
    expect(await stub.callsTo('/request/reset_user_password/v1')[0]?.json()).toEqual({ username: 'support' });
  });

  it('when the request fails, then a message says so and the button is enabled again', async () => {
    stubFetch({
      'POST /request/reset_user_password/v1': json(429, {
        error: 'Too many requests.',
        code: 'too_many_requests',
      }),
    });
    const { user } = renderApp({ route: '/request_password_reset' });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await user.type(await screen.findByLabelText('Username'), 'support');
    await user.click(screen.getByRole('button', { name: 'REQUEST RESET' }));

    expect(await screen.findByText(AUTH_TEXTS.resetRequestFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'REQUEST RESET' })).toBeEnabled();
  });
});
