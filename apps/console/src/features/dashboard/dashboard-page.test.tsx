import { act, screen, waitFor, within } from '@testing-library/react';
import { stubFetch } from '../../test/fetch-stub';
import { allServicesUp, dashboardRoutes, tokenFor } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { TREND_REDRAW_MS } from './counters-panels';

const panel = (name: string) => screen.findByRole('region', { name });

/** The value of the statistic titled `title` inside a panel. */
function statistic(container: HTMLElement, title: string): string {
  return within(container).getByText(title).closest('.ant-statistic')?.textContent?.slice(title.length) ?? '';
}

function chartData(figureName: string): unknown {
  const figure = screen.getByRole('figure', { name: figureName });
  return JSON.parse(within(figure).getByTestId(/^chart-/).textContent ?? 'null');
}

describe('home dashboard', () => {
  it('when the reads answer, then ticket counts, top aligners, installed versions and staged totals show', async () => {
    stubFetch(dashboardRoutes());
    renderApp({ route: '/', token: tokenFor('support') });

    const tickets = await panel('Support tickets');
    await waitFor(() => expect(statistic(tickets, 'Open')).toBe('7'));
    expect(statistic(tickets, 'Closed')).toBe('12');
    expect(statistic(tickets, 'Total')).toBe('19');

    const top = await panel('Top 10 aligners by alignment count');
    expect(
      within(top)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['#', 'Serial Number', 'Alignments']);
    const [, firstRow] = within(top).getAllByRole('row');
    expect(
      within(firstRow as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'ABCLK0001', '1,234']);
    expect(within(top).getByRole('link', { name: 'ABCLK0001' })).toHaveAttribute(
      'href',
      '/Aligners?serial=ABCLK0001',
    );

    const installed = await panel('Installed Aligner software versions');
    expect(within(installed).getByText('Latest 5.3.0 - release')).toBeInTheDocument();
    expect(await panel('Installed Oasis software versions')).toHaveTextContent('No release yet');

    const staged = await panel('Staged Aligner updates');
    expect(statistic(staged, 'Staged')).toBe('9');
    expect(statistic(staged, 'Ready to download')).toBe('4');
    expect(within(staged).getByText('5.2.1: 3')).toBeInTheDocument();
    expect(await panel('Staged Tru-Point updates')).toHaveTextContent('Nothing staged');
  });

  it('when charts draw, then each gets the data of its panel', async () => {
    stubFetch(dashboardRoutes());
    renderApp({ route: '/', token: tokenFor('support') });
    await panel('Support tickets');
    await waitFor(() =>
      expect(chartData('Open tickets per issuer')).toEqual([
        { label: 'support', value: 4 },
        { label: 'admin', value: 3 },
      ]),
    );
    // Versions with a single unit are left out of the chart (libs/domain installedVersionChartData).
    expect(chartData('Installed Aligner software versions')).toEqual([
      { label: '5.3.0', value: 120 },
      { label: '5.2.1', value: 80 },
    ]);
    expect(
      within(screen.getByRole('figure', { name: 'Installed Tru-Point software versions' })).getByText(
        'No version with more than one unit',
      ),
    ).toBeInTheDocument();
  });

  it('when the live counters arrive, then connected, total, users, percentage and the trend show them', async () => {
    stubFetch(dashboardRoutes());
    const { live } = renderApp({ route: '/', token: tokenFor('support') });
    const connected = await panel('Connected equipment');
    expect(connected).toHaveAttribute('aria-busy', 'true');
    expect(
      within(await panel('Connected aligners, last 60 samples')).getByText('Waiting for the first sample'),
    ).toBeInTheDocument();

    await act(async () => {
      live.last().serverConnects();
      live
        .last()
        .serverEmits('CONNECTION_COUNTERS', { connectedAligners: 75, totalAligners: 300, connectedUsers: 4 });
    });
    await waitFor(() => expect(connected).toHaveTextContent('75'));
    expect(connected).toHaveTextContent('of 300');
    expect(await panel('Total equipment')).toHaveTextContent('300');
    expect(await panel('Connected users')).toHaveTextContent('4');
    expect(await panel('Percentage connected')).toHaveTextContent('25.0%');

    await act(async () => {
      live
        .last()
        .serverEmits('CONNECTION_COUNTERS', { connectedAligners: 90, totalAligners: 300, connectedUsers: 4 });
    });
    await waitFor(() => expect(connected).toHaveTextContent('90'));
    // The trend is redrawn at most every TREND_REDRAW_MS (use-throttled.test.ts times it exactly).
    await waitFor(
      () =>
        expect(chartData('Connected aligners, last 60 samples')).toEqual([
          { sample: 1, connected: 75 },
          { sample: 2, connected: 90 },
        ]),
      { timeout: TREND_REDRAW_MS + 2_000 },
    );
  });

  it('when a ticket event arrives, then the panel counts follow the statistics event and the alert shows', async () => {
    stubFetch(dashboardRoutes());
    const { live } = renderApp({ route: '/', token: tokenFor('support') });
    const tickets = await panel('Support tickets');
    await waitFor(() => expect(statistic(tickets, 'Open')).toBe('7'));
    await act(async () => {
      live.last().serverConnects();
      live.last().serverEmits('REPORT_SUPPORT_TICKET_CREATED', {
        id: 20,
        serialNumber: 'ABCLK0001',
        openedBy: 'admin',
      });
      live.last().serverEmits('SUPPORT_TICKET_STATISTICS', {
        openTicketCount: 8,
        closedTicketCount: 12,
        totalTickets: 20,
        openTicketsByIssuer: [{ issuerUsername: 'admin', total: 4 }],
        ticketsByIssuer: [],
      });
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'New ticket 20 for aligner ABCLK0001 created by admin.',
    );
    await waitFor(() => expect(statistic(tickets, 'Open')).toBe('8'));
    expect(statistic(tickets, 'Total')).toBe('20');
  });

  it('when support is signed in, then the services show without restart buttons', async () => {
    stubFetch(dashboardRoutes());
    renderApp({ route: '/', token: tokenFor('support') });
    const services = await panel('Services');
    const auth = await within(services).findByRole('listitem', { name: 'auth' });
    expect(auth).toHaveTextContent('UP');
    expect(within(services).getByRole('listitem', { name: 'logging' })).toBeInTheDocument();
    expect(within(services).getByRole('listitem', { name: 'gateway' })).toBeInTheDocument();
    expect(within(services).getByRole('listitem', { name: 'equipment' })).toBeInTheDocument();
    expect(within(services).getByRole('listitem', { name: 'pushNotifications' })).toBeInTheDocument();
    expect(within(services).queryByRole('button', { name: /^Restart/ })).not.toBeInTheDocument();
  });

  it('when an admin restarts a service, then it is asked for and the panel follows it down and up', async () => {
    // The stub plays the server: the status read answers what the events say.
    let status = allServicesUp;
    const stub = stubFetch(
      dashboardRoutes({
        '/api/v1/check_services': () => status,
        'POST /api/v1/reset_service/': { serviceName: 'dalton', status: 'restarting' },
      }),
    );
    const { user, live } = renderApp({ route: '/', token: tokenFor('admin') });
    const services = await panel('Services');
    await within(services).findByRole('listitem', { name: 'auth' });
    await act(async () => live.last().serverConnects());

    expect(within(services).getAllByRole('button', { name: /^Restart / })).toHaveLength(13);
    await user.click(within(services).getByRole('button', { name: 'Restart auth' }));
    await waitFor(() => expect(stub.callsTo('/api/v1/reset_service/')).toHaveLength(1));
    expect(
      new URL(stub.callsTo('/api/v1/reset_service/')[0]?.url ?? '').searchParams.get('serviceName'),
    ).toBe('dalton');

    status = { ...allServicesUp, dalton: false };
    await act(async () => live.last().serverEmits('SERVICE_STATUS', status));
    await waitFor(() =>
      expect(within(services).getByRole('listitem', { name: 'auth' })).toHaveTextContent('DOWN'),
    );
    expect(within(services).getByRole('button', { name: 'Restart auth' })).toHaveClass('ant-btn-loading');

    status = allServicesUp;
    await act(async () => live.last().serverEmits('SERVICE_STATUS', status));
    await waitFor(() =>
      expect(within(services).getByRole('listitem', { name: 'auth' })).toHaveTextContent('UP'),
    );
    await waitFor(() =>
      expect(within(services).getByRole('button', { name: 'Restart auth' })).not.toHaveClass(
        'ant-btn-loading',
      ),
    );
  });

  it('when a read fails, then its panel says it is not available instead of loading forever', async () => {
    stubFetch(
      dashboardRoutes({ '/read/top_aligners_by_alignment_count/v1': new Response('{}', { status: 500 }) }),
    );
    renderApp({ route: '/', token: tokenFor('support') });
    const top = await panel('Top 10 aligners by alignment count');
    expect(await within(top).findByText('Not available right now.')).toBeInTheDocument();
  });
});
