import { cleanup, screen, waitFor } from '@testing-library/react';
import { TOKEN_STORAGE_KEY } from '@equipment-dashboard/api-client';
import { json, stubFetch } from '../../test/fetch-stub';
import { stubIdleCallbacks } from '../../test/idle-callbacks';
import { dashboardRoutes, tokenFor } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { registerSignInPreload } from '../../shared/preload';
import { AUTH_TEXTS } from './texts';

describe('login', () => {
  it('when a signed-out user opens /login, then Username, Password, LOGIN and the reset link show', async () => {
    stubFetch({});
    renderApp({ route: '/login' });
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'request password reset' })).toHaveAttribute(
      'href',
      '/request_password_reset',
    );
    expect(screen.queryByRole('heading', { name: 'Equipment Dashboard' })).not.toBeInTheDocument();
  });

  it('when the login page has opened and the browser is idle, then the number formatter is made ready for the dashboard', async () => {
    stubFetch({});
    const idle = stubIdleCallbacks();
    const format = jest.spyOn(Number.prototype, 'toLocaleString');
    try {
      renderApp({ route: '/login' });
      await screen.findByLabelText('Username');
      idle.runAll();
      expect(format).toHaveBeenCalledWith('en-US');
    } finally {
      cleanup();
      format.mockRestore();
      idle.restore();
    }
  });

  it('when the username or password is empty, then LOGIN is disabled', async () => {
    stubFetch({});
    const { user } = renderApp({ route: '/login' });
    const login = await screen.findByRole('button', { name: 'LOGIN' });
    expect(login).toBeDisabled();
    await user.type(screen.getByLabelText('Username'), 'admin');
    expect(login).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'secret');
    expect(login).toBeEnabled();
  });

  it('when the credentials are right and Enter is pressed, then the token is stored and the dashboard opens', async () => {
    const token = tokenFor('admin');
    const stub = stubFetch({ 'POST /auth/token/v1': token, ...dashboardRoutes() });
    const { user, location } = renderApp({ route: '/login' });
    await user.type(await screen.findByLabelText('Username'), ' admin ');
    await user.type(screen.getByLabelText('Password'), 'correct horse{Enter}');

    await waitFor(() => expect(location()).toBe('/'));
    const [request] = stub.callsTo('/auth/token/v1');
    expect(request?.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(await request?.text()))).toEqual({
      grant_type: 'password',
      username: 'admin',
      password: 'correct horse',
      client_id: 'equipment-dashboard',
    });
    expect(JSON.parse(window.localStorage.getItem(TOKEN_STORAGE_KEY) ?? 'null')).toEqual(token);
    expect(await screen.findByRole('heading', { name: 'Equipment Dashboard' })).toBeInTheDocument();
  });

  it('when LOGIN is pressed, then the token call is sent before the signed-in screens are preloaded', async () => {
    const stub = stubFetch({ 'POST /auth/token/v1': tokenFor('admin'), ...dashboardRoutes() });
    const tokenCallsAtPreload: number[] = [];
    registerSignInPreload(async () => {
      tokenCallsAtPreload.push(stub.callsTo('/auth/token/v1').length);
    });
    const { user, location } = renderApp({ route: '/login' });
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));

    await waitFor(() => expect(location()).toBe('/'));
    expect(tokenCallsAtPreload).toEqual([1]);
  });

  it('when the password is wrong, then the server’s message shows and nothing is stored', async () => {
    stubFetch({
      'POST /auth/token/v1': json(401, {
        error: 'invalid_grant',
        error_description: 'The username or password is not correct.',
      }),
    });
    const { user, location } = renderApp({ route: '/login' });
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The username or password is not correct.');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(location()).toBe('/login');
  });

  it('when sign-in is throttled, then the server’s sentence shows', async () => {
    stubFetch({
      'POST /auth/token/v1': json(429, {
        error: 'Too many sign-in attempts; try again in a minute.',
        code: 'too_many_requests',
      }),
    });
    const { user } = renderApp({ route: '/login' });
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts; try again in a minute.',
    );
  });

  it('when the server cannot be reached, then a clear message shows', async () => {
    global.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const { user } = renderApp({ route: '/login' });
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TEXTS.serverUnreachable);
  });

  it('when a signed-in user opens /login, then they are sent to /', async () => {
    stubFetch(dashboardRoutes());
    const { location } = renderApp({ route: '/login', token: tokenFor('support') });
    await waitFor(() => expect(location()).toBe('/'));
  });
});
