import { screen, waitFor } from '@testing-library/react';
import { TOKEN_STORAGE_KEY } from '@equipment-dashboard/api-client';
import { browser } from '../../shared/browser';
import { json, stubFetch } from '../../test/fetch-stub';
import { dashboardRoutes, tokenFor } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const PROVIDERS = [
  { id: 'oidc', name: 'Demo IdP' },
  { id: 'okta', name: 'Okta' },
];

function signInPage(options: { localLogin?: 'all' | 'admins' | 'off'; autoRedirect?: string | null } = {}) {
  return {
    'GET /auth/providers/v1': PROVIDERS,
    'GET /auth/sign_in_options/v1': {
      localLogin: options.localLogin ?? 'all',
      autoRedirect: options.autoRedirect ?? null,
    },
  };
}

describe('signing in with an identity provider', () => {
  let assign: jest.SpyInstance;
  beforeEach(() => {
    assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => assign.mockRestore());

  it('when providers are configured, then a button per provider stands above the local form and opens its sign-in', async () => {
    stubFetch(signInPage());
    const { user } = renderApp({ route: '/login?returnTo=%2FAligners' });
    const demo = await screen.findByRole('button', { name: 'Sign in with Demo IdP' });
    expect(screen.getByRole('button', { name: 'Sign in with Okta' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeInTheDocument();
    expect(
      demo.compareDocumentPosition(screen.getByLabelText('Username')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await user.click(demo);
    expect(assign).toHaveBeenCalledWith('/auth/oidc/oidc/login?returnTo=%2FAligners');
  });

  it('when LOCAL_LOGIN is off, then only the buttons show', async () => {
    stubFetch(signInPage({ localLogin: 'off' }));
    renderApp({ route: '/login' });
    expect(await screen.findByRole('button', { name: 'Sign in with Demo IdP' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'LOGIN' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
  });

  it('when LOCAL_LOGIN is admins, then the local form says it is for admin accounts', async () => {
    stubFetch(signInPage({ localLogin: 'admins' }));
    renderApp({ route: '/login' });
    expect(await screen.findByText('The local form is for admin accounts only.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeInTheDocument();
  });

  it('when auto-redirect is on, then the page goes to the provider; with ?local=1 it shows the form instead', async () => {
    stubFetch(signInPage({ autoRedirect: 'oidc' }));
    const first = renderApp({ route: '/login' });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth/oidc/oidc/login'));
    first.view.unmount();
    assign.mockClear();
    stubFetch(signInPage({ autoRedirect: 'oidc' }));
    renderApp({ route: '/login?local=1' });
    expect(await screen.findByRole('button', { name: 'Sign in with Demo IdP' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('when no provider is configured, then the sign-in page is the local form alone', async () => {
    stubFetch({
      'GET /auth/providers/v1': [],
      'GET /auth/sign_in_options/v1': { localLogin: 'all', autoRedirect: null },
    });
    renderApp({ route: '/login' });
    expect(await screen.findByRole('button', { name: 'LOGIN' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  it("when the provider's callback hands over a code, then the token is stored as after the password form and the console opens where the sign-in began", async () => {
    const token = tokenFor('engineer');
    let sent: unknown = null;
    stubFetch({
      'POST /auth/oidc/token/v1': async (request) => {
        sent = await request.json();
        return token;
      },
      ...dashboardRoutes({ '/read/aligners/v1/': { docs: [], totalDocs: 0 } }),
    });
    window.history.replaceState(null, '', '/login/complete#handoff=abc123&returnTo=%2FTrendChart');
    const { location } = renderApp({ route: '/login/complete#handoff=abc123&returnTo=%2FTrendChart' });
    await waitFor(() => expect(location()).toBe('/TrendChart'));
    expect(sent).toEqual({ handoff: 'abc123' });
    expect(JSON.parse(window.localStorage.getItem(TOKEN_STORAGE_KEY) ?? 'null')).toEqual(token);
  });

  it('when the code is refused, then the page says so and offers the sign-in page; nothing is stored', async () => {
    stubFetch({ 'POST /auth/oidc/token/v1': json(400, { error: 'The sign-in code is not valid.' }) });
    window.history.replaceState(null, '', '/login/complete#handoff=used');
    renderApp({ route: '/login/complete#handoff=used' });
    expect(await screen.findByText(/This sign-in link has expired or was used already/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
