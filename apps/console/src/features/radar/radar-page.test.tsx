import { act, screen, waitFor, within } from '@testing-library/react';
import type { Aligner } from '@equipment-dashboard/contract';
import { json, stubFetch, type StubHandler } from '../../test/fetch-stub';
import { decodeSerial } from '@equipment-dashboard/domain';
import { aligner, dashboardRoutes, tokenFor } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { downloading, idleUpdater } from '../../test/updaters';

const downloadingUnit = (percent = 45): Aligner =>
  aligner('AX1AS0001', {
    version: { semantic: '5.2.1', meta: 'build 2300' },
    openSupportTickets: 2,
    pendingSoftwareDownload: '5.3.0',
    updateState: downloading('5.3.0', percent, {
      currentFile: 'specs.db',
      filesTransferred: 1,
      totalFilesToTransfer: 2,
      fileProgress: { bytesTransferred: 1536, progress: 50, transferRate: 512, estimatedTimeRemaining: 3 },
    }),
  });

const oldOffline = aligner('CB1BT0002', {
  version: { semantic: '4.2.0', meta: '' },
  connected: false,
  port: null,
  address: null,
  currentProcedure: null,
  openSupportTickets: 0,
  updateState: null,
});

function openRadar(favorites: () => Aligner[], overrides: Record<string, StubHandler> = {}) {
  const stub = stubFetch(dashboardRoutes({ '/read/favorites/v1/': () => favorites(), ...overrides }));
  const app = renderApp({ route: '/Radar', token: tokenFor('support') });
  return { ...app, stub };
}

const card = (serial: string) => screen.findByRole('listitem', { name: serial });
const field = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label).closest('.ant-descriptions-item')?.textContent?.slice(label.length) ?? '';

/** Checks a card's (or panel's) fields by label: each shows the value given. */
const expectFields = (scope: HTMLElement, expected: Record<string, string>) =>
  expect(Object.fromEntries(Object.keys(expected).map((label) => [label, field(scope, label)]))).toEqual(
    expected,
  );

describe('My Radar', () => {
  it("when the radar is empty, then 'NO FAVORITES ON RADAR' shows in the 600px list", async () => {
    openRadar(() => []);
    expect(await screen.findByText('NO FAVORITES ON RADAR')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'My Radar' });
    expect(list).toHaveStyle({ height: '600px', overflowY: 'auto' });
  });

  it('when favourites load, then each shows serial, decoded name, fields and the amber badge only above 0', async () => {
    openRadar(() => [downloadingUnit(), oldOffline]);
    const first = await card('AX1AS0001');
    expect(within(first).getByRole('link', { name: 'Open AX1AS0001' })).toHaveAttribute(
      'href',
      '/Aligners?serial=AX1AS0001',
    );
    expect(within(first).getByText(decodeSerial('AX1AS0001').model)).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Open tickets: 2' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(first).getByText('5.2.1 - build 2300')).toHaveAttribute('data-colour', 'red'),
    );
    expectFields(first, {
      'Pending Download': '5.3.0',
      'Connection Count': '3',
      Connected: 'yes',
      Port: '4000',
      Address: '10.0.0.1',
      'Current Procedure': 'IDLE',
      Geolocation: 'North America · United States (US) · Arkansas · Conway · America/Chicago UTC-05:00',
    });
    expect(within(first).getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'true');

    const second = await card('CB1BT0002');
    expect(within(second).queryByRole('img', { name: /Open tickets/ })).not.toBeInTheDocument();
    expectFields(second, {
      'Pending Download': 'None',
      Connected: 'no',
      Port: 'disconnected',
      Address: 'disconnected',
      'Current Procedure': 'disconnected',
    });
  });

  it('when a unit reports update status, then the panel shows state, download progress, install progress and the buttons; older units have none', async () => {
    openRadar(() => [downloadingUnit(), oldOffline]);
    const first = await card('AX1AS0001');
    const panel = within(first).getByRole('region', { name: 'System Update Status' });
    expect(field(panel, 'Updater State')).toBe('Downloading');
    expect(field(panel, 'Update Version')).toBe('5.3.0');
    const software = within(panel).getByRole('region', { name: 'Software download' });
    expectFields(software, {
      'Current file': 'rootfs.img',
      Files: '3 of 12',
      Bytes: '600.0 MB',
      Percent: '45%',
      Rate: '2.0 MB/s',
      'Time remaining': '7m 12s',
    });
    const specs = within(panel).getByRole('region', { name: 'Specs download' });
    expect(field(specs, 'Bytes')).toBe('1.5 KB');
    for (const name of ['Check Cloud', 'Download Updates', 'Install Updates']) {
      expect(within(panel).getByRole('button', { name })).toBeEnabled();
    }
    expect(
      within(await card('CB1BT0002')).queryByRole('region', { name: 'System Update Status' }),
    ).not.toBeInTheDocument();
  });

  it('when a unit is installing, then the install progress shows', async () => {
    const installing = aligner('AX1AS0003', {
      version: { semantic: '5.2.1', meta: '' },
      updateState: idleUpdater({
        state: 'INSTALLING_UPDATE',
        installing: true,
        installProgress: { progress: 30, currentStep: 'Writing rootfs' },
      }),
    });
    openRadar(() => [installing]);
    const panel = within(await card('AX1AS0003')).getByRole('region', { name: 'System Update Status' });
    expect(field(panel, 'Updater State')).toBe('Installing');
    const install = within(panel).getByRole('region', { name: 'Install progress' });
    expect(install).toHaveTextContent('30%');
    expect(install).toHaveTextContent('Writing rootfs');
  });

  it('when a favourite is disconnected, then its updater buttons are shown but cannot be pressed', async () => {
    const offline = aligner('AX1AS0004', {
      connected: false,
      port: null,
      address: null,
      currentProcedure: null,
      updateState: idleUpdater(),
    });
    openRadar(() => [offline]);
    const panel = within(await card('AX1AS0004')).getByRole('region', { name: 'System Update Status' });
    expect(within(panel).getByRole('button', { name: 'Check Cloud' })).toBeDisabled();
  });

  it('when RADAR_UPDATE_FAVORITE arrives, then the progress moves; RADAR_ADD and RADAR_REMOVE change the list', async () => {
    const { live } = openRadar(() => [downloadingUnit(45)]);
    const first = await card('AX1AS0001');
    await act(async () => {
      live.last().serverConnects();
    });
    await act(async () => {
      live.last().serverEmits('RADAR_UPDATE_FAVORITE', downloadingUnit(62.5));
    });
    const software = within(first).getByRole('region', { name: 'Software download' });
    await waitFor(() => expect(field(software, 'Percent')).toBe('62.5%'));

    await act(async () => {
      live.last().serverEmits('RADAR_ADD_FAVORITE', oldOffline);
    });
    expect(await card('CB1BT0002')).toBeInTheDocument();
    await act(async () => {
      live.last().serverEmits('RADAR_REMOVE_FAVORITE', { serialNumber: 'AX1AS0001' });
    });
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'AX1AS0001' })).not.toBeInTheDocument(),
    );
  });

  it('when the favourite toggle is pressed, then the unit is taken off the radar and the radar reloads', async () => {
    let favorites = [downloadingUnit(), oldOffline];
    const { user, stub } = openRadar(() => favorites, {
      'POST /delete/favorite/v1/': async (request) => {
        const body = (await request.json()) as { username: string; serialNumber: string };
        favorites = favorites.filter((unit) => unit.serialNumber !== body.serialNumber);
        return { ...body, favorite: false };
      },
    });
    const second = await card('CB1BT0002');
    await user.click(within(second).getByRole('button', { name: 'Favorite' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'CB1BT0002' })).not.toBeInTheDocument(),
    );
    expect(await stub.callsTo('/delete/favorite/v1/')[0]?.json()).toEqual({
      username: 'support',
      serialNumber: 'CB1BT0002',
    });
    expect(stub.callsTo('/read/favorites/v1/').length).toBeGreaterThan(1);
  });

  it('when Refresh is pressed, then the favourites are read again', async () => {
    const { user, stub } = openRadar(() => [oldOffline]);
    await card('CB1BT0002');
    const reads = stub.callsTo('/read/favorites/v1/').length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(stub.callsTo('/read/favorites/v1/').length).toBe(reads + 1));
  });

  it('when an updater command fails, then the card says why', async () => {
    const { user } = openRadar(() => [downloadingUnit()], {
      'POST /cmd/aligner_install_now/v1': json(409, {
        error: 'Unit AX1AS0001 has no downloaded update ready to install.',
        code: 'nothing_to_install',
      }),
    });
    const first = await card('AX1AS0001');
    await user.click(within(first).getByRole('button', { name: 'Install Updates' }));
    expect(await within(first).findByRole('alert')).toHaveTextContent(
      'Install Updates failed: Unit AX1AS0001 has no downloaded update ready to install.',
    );
    expect(within(first).getByRole('button', { name: 'Install Updates' })).not.toHaveClass('ant-btn-loading');
  });

  it('when the favourites cannot be read, then the radar says so and Retry reads them again', async () => {
    let fail = true;
    const { user } = openRadar(() => [], {
      '/read/favorites/v1/': () => (fail ? json(503, { error: 'Radar unavailable.' }) : []),
    });
    expect(await screen.findByText('My Radar could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('NO FAVORITES ON RADAR')).toBeInTheDocument();
  });
});
