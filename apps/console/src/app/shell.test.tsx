import { act, screen, waitFor, within } from '@testing-library/react';
import { TOKEN_STORAGE_KEY } from '@equipment-dashboard/api-client';
import { NAV_ENTRIES } from '@equipment-dashboard/domain';
import { browser } from '../shared/browser';
import { json, stubFetch } from '../test/fetch-stub';
import { aligner, dashboardRoutes, tokenFor } from '../test/fixtures';
import { renderApp } from '../test/render-app';

/** The drawer entries a role sees, in order. */
function drawerEntries(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('routes', () => {
  it('when a signed-out user opens a protected route, then they are sent to /login without a top bar', async () => {
    stubFetch({});
    const { location } = renderApp({ route: '/TrendChart' });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(screen.queryByRole('heading', { name: 'Equipment Dashboard' })).not.toBeInTheDocument();
  });

  it('when a signed-in user opens a path that does not exist, then the not-found page shows in the shell', async () => {
    stubFetch(dashboardRoutes());
    renderApp({ route: '/no/such/page', token: tokenFor('support') });
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Equipment Dashboard' })).toBeInTheDocument();
  });

  it('when a signed-out user opens an unknown path, then the not-found page shows', async () => {
    stubFetch({});
    renderApp({ route: '/nowhere' });
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });

  it('when admin opens /Audits, a route whose contents the spec leaves open, then the audit trail shows', async () => {
    stubFetch({ ...dashboardRoutes(), '/read/audits/v1/': { docs: [], totalDocs: 0 } });
    renderApp({ route: '/Audits', token: tokenFor('admin') });
    expect(await screen.findByRole('region', { name: 'Audits' })).toBeInTheDocument();
  });
});

describe('top bar', () => {
  it('when signed in, then the menu button, title, version, search, the alerts bell and account menu show', async () => {
    stubFetch(dashboardRoutes());
    const { user } = renderApp({ route: '/Audits', token: tokenFor('support') });
    expect(await screen.findByRole('heading', { name: 'Equipment Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('1.9.1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('search for equipment serial number')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Alerts: none firing unacknowledged' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByText('Change Password')).toBeInTheDocument();
    expect(screen.getByText('Alert e-mail')).toBeInTheDocument();
    expect(screen.getByText('Logout')).toBeInTheDocument();
  });

  it('when Logout is chosen, then the token is removed and the page reloads', async () => {
    stubFetch(dashboardRoutes());
    const reload = jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const { user } = renderApp({ route: '/Audits', token: tokenFor('support') });
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    await user.click(await screen.findByText('Logout'));
    // The server is told first (a provider's user is signed out there); then the token goes and the page reloads.
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('when the menu button is pressed, then the drawer closes and opens again', async () => {
    stubFetch(dashboardRoutes());
    const { user } = renderApp({ route: '/Audits', token: tokenFor('support') });
    await screen.findByRole('navigation', { name: 'Navigation' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.queryByRole('navigation', { name: 'Navigation' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('navigation', { name: 'Navigation' })).toBeInTheDocument();
  });
});

/** Every drawer entry, in the spec's order (the domain's test holds the table to the spec). */
const ALL_ENTRIES = NAV_ENTRIES.map((entry) => entry.label);

describe('navigation drawer', () => {
  it.each([
    {
      role: 'admin' as const,
      name: 'when an admin is signed in, then every entry shows, in order',
      entries: ALL_ENTRIES,
    },
    {
      role: 'support' as const,
      name: 'when support is signed in, then Update Scheduler, Rollouts, EZ ADAS, Notifications / Ads, Simulator and Users are hidden',
      entries: ALL_ENTRIES.filter(
        (entry) =>
          !['Update Scheduler', 'Rollouts', 'EZ ADAS', 'Notifications / Ads', 'Simulator', 'Users'].includes(
            entry,
          ),
      ),
    },
  ])('$name', async ({ role, entries }) => {
    stubFetch(dashboardRoutes());
    renderApp({ route: '/Audits', token: tokenFor(role) });
    await screen.findByRole('navigation', { name: 'Navigation' });
    expect(drawerEntries()).toEqual(entries);
  });

  it('when ezadas is signed in, then EZ ADAS shows and TruPoint does not', async () => {
    stubFetch(dashboardRoutes());
    renderApp({ route: '/Audits', token: tokenFor('ezadas') });
    await screen.findByRole('navigation', { name: 'Navigation' });
    expect(drawerEntries()).toContain('EZ ADAS');
    expect(drawerEntries()).not.toContain('TruPoint');
  });

  it('when an entry is clicked, then its route opens', async () => {
    stubFetch(dashboardRoutes({ '/graph': new Response(new Blob(['png']), { status: 200 }) }));
    const { user, location } = renderApp({ route: '/Audits', token: tokenFor('support') });
    await user.click(await screen.findByRole('link', { name: 'Trend Chart' }));
    await waitFor(() => expect(location()).toBe('/TrendChart'));
  });
});

describe('serial search', () => {
  it('when a serial is typed in lower case and Enter pressed, then it is searched upper-cased and the unit opens', async () => {
    const stub = stubFetch(dashboardRoutes({ '/read/aligner/v1/': aligner('ABCLK0001') }));
    const { user, location } = renderApp({ route: '/Audits', token: tokenFor('support') });
    await user.type(
      await screen.findByPlaceholderText('search for equipment serial number'),
      'abclk0001{Enter}',
    );

    await waitFor(() => expect(location()).toBe('/Aligners?serial=ABCLK0001'));
    const url = new URL(stub.callsTo('/read/aligner/v1/')[0]?.url ?? '');
    expect(url.searchParams.get('serialNumber')).toBe('ABCLK0001');
    expect(url.searchParams.get('username')).toBe('support');
  });

  it('when the serial is unknown, then the snackbar says so', async () => {
    stubFetch(
      dashboardRoutes({ '/read/aligner/v1/': json(404, { error: 'Not found.', code: 'not_found' }) }),
    );
    const { user, location } = renderApp({ route: '/Audits', token: tokenFor('support') });
    await user.type(await screen.findByPlaceholderText('search for equipment serial number'), 'zzz99{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Serial number ZZZ99 not found.');
    expect(location()).toBe('/Audits');
  });

  it('when the box is empty or blank, then nothing is searched', async () => {
    const stub = stubFetch(dashboardRoutes());
    const { user } = renderApp({ route: '/Audits', token: tokenFor('support') });
    await user.type(await screen.findByPlaceholderText('search for equipment serial number'), '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(stub.callsTo('/read/aligner/v1/')).toHaveLength(0);
  });

  it('when a search runs, then the icon is an hourglass and further presses are ignored', async () => {
    let answer: (response: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const stub = stubFetch(dashboardRoutes({ '/read/aligner/v1/': () => pending }));
    const { user, location } = renderApp({ route: '/Audits', token: tokenFor('support') });
    const box = await screen.findByPlaceholderText('search for equipment serial number');
    await user.type(box, 'ABCLK0001{Enter}');

    const searching = await screen.findByRole('button', { name: 'Searching' });
    expect(searching.querySelector('[aria-label="hourglass"]')).not.toBeNull();
    await user.type(box, '{Enter}');
    await user.click(searching);
    expect(stub.callsTo('/read/aligner/v1/')).toHaveLength(1);

    await act(async () => answer(json(200, aligner('ABCLK0001'))));
    await waitFor(() => expect(location()).toBe('/Aligners?serial=ABCLK0001'));
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });
});

describe('live channel binding', () => {
  it('when nobody is signed in, then no live socket is opened', async () => {
    stubFetch({});
    const { live } = renderApp({ route: '/login' });
    await screen.findByRole('button', { name: 'LOGIN' });
    expect(live.sockets).toHaveLength(0);
  });

  it('when a user is signed in, then one live socket is opened with the stored token', async () => {
    stubFetch(dashboardRoutes());
    const { live } = renderApp({ route: '/Audits', token: tokenFor('engineer') });
    await screen.findByRole('navigation', { name: 'Navigation' });
    expect(live.sockets).toHaveLength(1);
    act(() => live.last().serverConnects());
    expect(live.last().handshakes).toEqual(['token-engineer']);
  });

  it('when the live channel refuses the token, then the user is signed out', async () => {
    stubFetch(dashboardRoutes());
    const { live, location } = renderApp({ route: '/Audits', token: tokenFor('engineer') });
    await screen.findByRole('navigation', { name: 'Navigation' });
    act(() => live.last().serverRefuses('unauthorized: a valid access token is required'));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(live.last().disconnectCalls).toBeGreaterThan(0);
  });
});

describe('session', () => {
  it('when a call with the token is answered 401, then the user is signed out and sent to /login', async () => {
    stubFetch(
      dashboardRoutes({
        '/read/expired/v1': json(401, { error: 'The token is not valid.', code: 'unauthorized' }),
      }),
    );
    const { location } = renderApp({ route: '/Audits', token: tokenFor('support') });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your session has ended. Please sign in again.',
    );
  });
});
