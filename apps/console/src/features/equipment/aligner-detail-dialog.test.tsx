import { act, screen, waitFor, within } from '@testing-library/react';
import type { Aligner } from '@equipment-dashboard/contract';
import { formatDateTime } from '../../shared/equipment';
import { json, stubFetch } from '../../test/fetch-stub';
import { acceptedCommand, queuedCommand, tokenFor } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { downloading, idleUpdater } from '../../test/updaters';
import { after, completed, equipmentRoutes, findDetailDialog, findDialog, fullUnit } from './test-support';

const button = (name: string | RegExp) => screen.queryByRole('button', { name });

async function openUnit(unit: Aligner, role: Parameters<typeof tokenFor>[0] = 'admin', overrides = {}) {
  const fleet = { units: [unit] };
  const stub = stubFetch(equipmentRoutes(fleet, overrides));
  const app = renderApp({ route: `/Aligners?serial=${unit.serialNumber}`, token: tokenFor(role) });
  const found = await findDetailDialog(unit.serialNumber);
  return { ...app, stub, fleet, dialog: found };
}

describe('equipment detail dialog: what it shows', () => {
  it('when a decodable unit opens, then its serial shows with the decoded model, month and year', async () => {
    const { dialog: found } = await openUnit(fullUnit('AX1AS0001'));
    expect(within(found).getByRole('heading', { name: 'AX1AS0001' })).toBeInTheDocument();
    expect(within(found).getByTestId('decoded-serial').textContent).toMatch(/^.+, [A-Z][a-z]+ 20\d\d$/);
  });

  it("when the serial's prefix is unknown, then '...' shows instead of the decoded model", async () => {
    const { dialog: found } = await openUnit(fullUnit('ZZZAS0001'));
    expect(within(found).getByTestId('decoded-serial')).toHaveTextContent(/^\.\.\.$/);
  });

  it('when a connected unit opens, then every field shows, with the Update State label and the local time', async () => {
    const unit = fullUnit('AX1AS0001', {
      pendingSoftwareDownload: '5.3.0',
      updateState: idleUpdater({ state: 'READY_TO_INSTALL' }),
      connectCount: 1234,
    });
    const { dialog: found } = await openUnit(unit);
    const field = (label: string) => within(found).getByText(label).closest('tr')?.textContent ?? '';
    expect(field('Software Version')).toContain('5.2.1 - build 2300');
    expect(field('Software Ready To Download')).toContain('5.3.0');
    expect(field('Specs')).toContain('AP-2026-08 (8/2026)');
    expect(field('Specs Expiration')).toContain('8/2027');
    expect(field('System Class')).toContain('DRAGON');
    expect(field('Logging Level')).toContain('WARN');
    expect(field('Camera Count')).toContain('2');
    expect(field('DD Enabled')).toContain('YES');
    expect(field('Connection Count')).toContain('1,234');
    expect(field('Connected')).toContain('YES');
    expect(field('Remote Port')).toContain('4000');
    expect(field('Address')).toContain('10.0.0.1');
    expect(field('Current Procedure')).toContain('IDLE');
    expect(field('Continent')).toContain('North America');
    expect(field('Time Zone')).toContain('America/Chicago');
    expect(field('UTC Offset')).toContain('UTC-05:00');
    expect(within(found).getByText('Update State').closest('.ant-descriptions-item')).toHaveTextContent(
      'Install Pending',
    );
    for (const name of ['Check Cloud', 'Download Updates', 'Install Updates']) {
      expect(within(found).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('when the dialog stays open, then the local time computed from the offset ticks every second', async () => {
    const { dialog: found } = await openUnit(fullUnit());
    const time = within(found).getByTestId('local-time');
    expect(time.textContent).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4} \d\d:\d\d:\d\d$/);
    const first = time.textContent;
    await waitFor(() => expect(time.textContent).not.toBe(first), { timeout: 2500 });
  });

  it("when the unit is not connected, then port, address and procedure read 'disconnected' and the updater buttons are gone", async () => {
    const unit = fullUnit('AX1AS0001', {
      connected: false,
      port: null,
      address: null,
      currentProcedure: null,
    });
    const { dialog: found } = await openUnit(unit);
    const field = (label: string) => within(found).getByText(label).closest('tr')?.textContent ?? '';
    expect(field('Remote Port')).toContain('disconnected');
    expect(field('Address')).toContain('disconnected');
    expect(field('Current Procedure')).toContain('disconnected');
    expect(field('Connected')).toContain('NO');
    expect(button('Check Cloud')).not.toBeInTheDocument();
    expect(button('Install Updates')).not.toBeInTheDocument();
  });

  it('when the version is older than the family latest, then the chip is red; at the latest, green', async () => {
    const { dialog: found } = await openUnit(fullUnit());
    const chip = within(found).getByText('5.2.1 - build 2300');
    await waitFor(() => expect(chip).toHaveAttribute('data-colour', 'red'));
  });

  it('when the unit is at the latest, then the chip is green and NONE is ready to download', async () => {
    const { dialog: found } = await openUnit(
      fullUnit('AX1AS0001', { version: { semantic: '5.3.0', meta: '' } }),
    );
    expect(within(found).getByText('5.3.0')).toHaveAttribute('data-colour', 'green');
    expect(within(found).getByText('Software Ready To Download').closest('tr')).toHaveTextContent('NONE');
  });

  it('when the unit has open tickets, then the badge shows their count', async () => {
    await openUnit(fullUnit('AX1AS0001', { openSupportTickets: 3 }));
    expect(screen.getByRole('img', { name: 'Open tickets: 3' })).toBeInTheDocument();
  });

  it('when Refresh is pressed, then the unit is read again', async () => {
    const { stub, user } = await openUnit(fullUnit());
    const reads = stub.callsTo('/read/aligner/v1/').length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(stub.callsTo('/read/aligner/v1/').length).toBe(reads + 1));
  });

  it('when the close button or Cancel is pressed, then the dialog closes and the serial leaves the URL', async () => {
    const { user, location } = await openUnit(fullUnit());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe('/Aligners'));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'AX1AS0001' })).not.toBeInTheDocument());
  });

  it("when the URL names an unknown serial, then the snackbar says 'Serial number {SERIAL} not found.' and no dialog stays", async () => {
    stubFetch(equipmentRoutes({ units: [] }));
    const { location } = renderApp({ route: '/Aligners?serial=nope0001', token: tokenFor('support') });
    expect(await screen.findByRole('status')).toHaveTextContent('Serial number NOPE0001 not found.');
    await waitFor(() => expect(location()).toBe('/Aligners'));
  });

  it('when the serial search of the top bar finds a unit, then its detail dialog opens', async () => {
    const fleet = { units: [fullUnit('AX1AS0001')] };
    stubFetch(equipmentRoutes(fleet));
    const { user } = renderApp({ route: '/', token: tokenFor('support') });
    await user.type(
      await screen.findByPlaceholderText('search for equipment serial number'),
      'ax1as0001{Enter}',
    );
    expect(await findDetailDialog('AX1AS0001')).toHaveTextContent('Software Version');
  });
});

describe('equipment detail dialog: gates of console-core §5', () => {
  const visible = (names: string[]) => names.filter((name) => button(name) !== null);
  const ALL = [
    'Open Port',
    'Reset Serial',
    'Activate',
    'USB',
    'Printer',
    'Voltages',
    'RAISE LOG LEVEL',
    'RCP',
    'Change Targets',
    'Screen Shot',
    'Open Ticket',
    'Cancel',
  ];

  it('when an admin opens a 5.x DD Dragon with two cameras, then every action button shows', async () => {
    await openUnit(fullUnit());
    expect(visible(ALL)).toEqual(ALL);
    expect(await screen.findByRole('button', { name: 'Stage 5.3.0' })).toBeInTheDocument();
  });

  it('when the aligner runs 4.2, then Reset Serial, Activate, log level, Screen Shot, RCP and the update panel are gone', async () => {
    const unit = fullUnit('AX1AS0001', {
      version: { semantic: '4.2.0', meta: '' },
      boardFeatures: null,
      updateState: null,
    });
    const { dialog: found } = await openUnit(unit);
    expect(visible(ALL)).toEqual(['Open Port', 'USB', 'Printer', 'Voltages', 'Open Ticket', 'Cancel']);
    expect(within(found).queryByRole('region', { name: 'System Update Status' })).not.toBeInTheDocument();
    expect(within(found).queryByText('Specs')).not.toBeInTheDocument();
    expect(within(found).queryByText('Camera Count')).not.toBeInTheDocument();
  });

  it('when the aligner runs 4.3, then Reset Serial, Screen Shot and the update panel show but not Activate', async () => {
    await openUnit(fullUnit('AX1AS0001', { version: { semantic: '4.3.0', meta: '' }, boardFeatures: null }));
    expect(visible(['Reset Serial', 'Screen Shot', 'Activate', 'Check Cloud'])).toEqual([
      'Reset Serial',
      'Screen Shot',
      'Check Cloud',
    ]);
  });

  it('when the aligner is DRAGON_HEADLESS, then Screen Shot is gone', async () => {
    await openUnit(fullUnit('AX1AS0001', { systemClass: 'DRAGON_HEADLESS' }));
    expect(button('Screen Shot')).not.toBeInTheDocument();
    expect(button('Change Targets')).toBeInTheDocument();
  });

  it('when the unit is not DD or has one camera or another class, then RCP and Change Targets are gone', async () => {
    await openUnit(
      fullUnit('AX1AS0001', {
        systemClass: 'HAWKEYE',
        boardFeatures: { numCameras: 4, numAccel: 2, isDDAligner: false },
      }),
    );
    expect(visible(['RCP', 'Change Targets'])).toEqual([]);
  });

  it('when a gtps unit runs 1.0, then Reset Serial, Screen Shot and Activate show, but not the log level', async () => {
    const unit = fullUnit('TP5HV0001', {
      family: 'gtps',
      version: { semantic: '1.0.0', meta: '' },
      systemClass: 'GTPS',
      boardFeatures: null,
    });
    await openUnit(unit);
    expect(visible(['Reset Serial', 'Screen Shot', 'Activate', 'RAISE LOG LEVEL'])).toEqual([
      'Reset Serial',
      'Screen Shot',
      'Activate',
    ]);
  });

  it('when the unit runs the latest version, then Stage is gone; with a pending download, Unstage shows', async () => {
    await openUnit(
      fullUnit('AX1AS0001', { version: { semantic: '5.3.0', meta: '' }, pendingSoftwareDownload: '5.3.0' }),
    );
    expect(button(/^Stage /)).not.toBeInTheDocument();
    expect(button('Unstage 5.3.0')).toBeInTheDocument();
  });

  it('when the log level is INFO, then the button lowers it', async () => {
    await openUnit(fullUnit('AX1AS0001', { logLevel: 'INFO' }));
    expect(button('LOWER LOG LEVEL')).toBeInTheDocument();
    expect(button('RAISE LOG LEVEL')).not.toBeInTheDocument();
  });
});

describe('equipment detail dialog: roles of console-core §6', () => {
  const shown = () =>
    ['Open Port', 'Reset Serial', 'RCP', 'Change Targets', 'Activate', 'Voltages', 'Open Ticket'].filter(
      (name) => button(name) !== null,
    );

  it.each([
    ['admin', ['Open Port', 'Reset Serial', 'RCP', 'Change Targets', 'Activate', 'Voltages', 'Open Ticket']],
    [
      'engineer',
      ['Open Port', 'Reset Serial', 'RCP', 'Change Targets', 'Activate', 'Voltages', 'Open Ticket'],
    ],
    ['support_lvl2', ['Change Targets', 'Activate', 'Voltages', 'Open Ticket']],
    ['support', ['Activate', 'Voltages', 'Open Ticket']],
    ['ezadas', ['Activate', 'Voltages', 'Open Ticket']],
    ['guest', []],
  ] as const)('when %s opens a unit, then the role sees %j', async (role, expected) => {
    await openUnit(fullUnit(), role);
    expect(shown()).toEqual(expected);
    if (role === 'guest') expect(button(/^Stage /)).not.toBeInTheDocument();
    else expect(await screen.findByRole('button', { name: 'Stage 5.3.0' })).toBeInTheDocument();
  });
});

describe('equipment detail dialog: commands', () => {
  it('when Voltages is pressed, then it loads until the unit answers and the report opens, in range green and out of range red', async () => {
    const serial = 'AX1AS0001';
    const { user } = await openUnit(fullUnit(serial), 'support', {
      'POST /cmd/aligner_get_voltages/v1': () => after(200, completed(serial, 'aligner_get_voltages')),
      '/api/v1/get_latest_voltages_for_aligner': {
        createdAt: '2024-05-20T12:00:00.000Z',
        boards: [
          {
            BoardName: 'Main Board',
            Parameters: [
              { Name: 'VCC 5V', Actual: 5.01, Min: 4.85, Max: 5.15 },
              { Name: 'VCC 12V', Actual: 13.2, Min: 11.6, Max: 12.4 },
            ],
          },
        ],
      },
    });
    await user.click(screen.getByRole('button', { name: 'Voltages' }));
    // While it loads, antd puts its spinner (named 'loading') before the label.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Voltages$/ })).toHaveClass('ant-btn-loading'),
    );
    const report = await findDialog(`Voltages of ${serial}`);
    expect(screen.getByRole('button', { name: 'Voltages' })).not.toHaveClass('ant-btn-loading');
    expect(await within(report).findByLabelText('5.01 in range')).toHaveAttribute('data-colour', 'green');
    expect(within(report).getByLabelText('13.2 out of range')).toHaveAttribute('data-colour', 'red');
  });

  it('when a command fails, then the loading state ends and the server reason shows', async () => {
    const serial = 'AX1AS0001';
    const { user, dialog: found } = await openUnit(fullUnit(serial), 'support', {
      'POST /cmd/aligner_get_voltages/v1': json(502, {
        error: `Unit ${serial} did not carry out the command.`,
        code: 'command_failed',
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Voltages' }));
    expect(await within(found).findByRole('alert')).toHaveTextContent(
      `Voltages failed: Unit ${serial} did not carry out the command.`,
    );
    expect(screen.getByRole('button', { name: 'Voltages' })).not.toHaveClass('ant-btn-loading');
    expect(screen.queryByText(`Voltages of ${serial}`)).not.toBeInTheDocument();
  });

  it('when Voltages is queued for an offline unit, then the loading state ends, the queued message shows with its expiry and no report opens', async () => {
    const serial = 'AX1AS0001';
    const expiresAt = '2024-05-21T12:00:00.000Z';
    const offline = fullUnit(serial, { connected: false, port: null, address: null, currentProcedure: null });
    const {
      user,
      stub,
      dialog: found,
    } = await openUnit(offline, 'support', {
      'POST /cmd/aligner_get_voltages/v1': () =>
        after(100, queuedCommand(serial, 'aligner_get_voltages', expiresAt)),
      '/api/v1/get_latest_voltages_for_aligner': null,
    });
    await user.click(within(found).getByRole('button', { name: 'Voltages' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Voltages$/ })).toHaveClass('ant-btn-loading'),
    );
    expect(await within(found).findByRole('status')).toHaveTextContent(
      `Voltages is queued: ${serial} is offline and gets it when it reconnects (until ${formatDateTime(expiresAt)}).`,
    );
    expect(screen.getByRole('button', { name: 'Voltages' })).not.toHaveClass('ant-btn-loading');
    expect(within(found).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(`Voltages of ${serial}`)).not.toBeInTheDocument();
    expect(stub.callsTo('/api/v1/get_latest_voltages_for_aligner')).toHaveLength(0);
  });

  it('when Open Port is queued, then no port shows, only the queued message; closing it clears it', async () => {
    const serial = 'AX1AS0001';
    const { user, dialog: found } = await openUnit(fullUnit(serial, { connected: false }), 'engineer', {
      'POST /cmd/aligner_open_ssh_port/v1': () => queuedCommand(serial, 'aligner_open_ssh_port'),
    });
    await user.click(within(found).getByRole('button', { name: 'Open Port' }));
    const queued = await within(found).findByRole('status');
    expect(queued).toHaveTextContent(
      /^Open Port is queued: AX1AS0001 is offline and gets it when it reconnects \(until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\)\.$/,
    );
    expect(within(found).queryByText(/^Port \d+ is open/)).not.toBeInTheDocument();
    await user.click(within(queued).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(found).queryByRole('status')).not.toBeInTheDocument());
  });

  it('when Activate is taken but not answered yet, then the dialog says the outcome comes on the Audits screen and no success shows', async () => {
    const serial = 'AX1AS0001';
    const { user, dialog: found } = await openUnit(fullUnit(serial), 'support', {
      'POST /cmd/aligner_activate/v1': acceptedCommand(serial, 'aligner_activate'),
    });
    await user.click(within(found).getByRole('button', { name: 'Activate' }));
    expect(await within(found).findByRole('status')).toHaveTextContent(
      `Activate was taken by ${serial}, which has not answered yet. The outcome shows on the Audits screen when it comes.`,
    );
    expect(screen.queryByText(`${serial} was activated.`)).not.toBeInTheDocument();
  });

  it('when USB is taken but not answered yet, then the latest report there is opens and the dialog says the answer is awaited', async () => {
    const serial = 'AX1AS0001';
    const { user, dialog: found } = await openUnit(fullUnit(serial), 'support', {
      'POST /cmd/aligner_get_usb_status/v1': acceptedCommand(serial, 'aligner_get_usb_status'),
      '/api/v1/get_latest_usb_status_for_aligner': {
        createdAt: '2024-05-19T08:00:00.000Z',
        status: 'Hub 1\nDongle OK',
      },
    });
    await user.click(within(found).getByRole('button', { name: 'USB' }));
    const usb = await findDialog(`USB Status of ${serial}`);
    expect(
      await within(usb).findByText(`Taken ${formatDateTime('2024-05-19T08:00:00.000Z')}`),
    ).toBeInTheDocument();
    expect(within(found).getByRole('status')).toHaveTextContent(
      `USB was taken by ${serial}, which has not answered yet.`,
    );
  });

  it('when the gateway is down, then the command says so', async () => {
    const { user, dialog: found } = await openUnit(fullUnit(), 'support', {
      'POST /cmd/aligner_activate/v1': json(503, {
        error: 'The gateway (charon) is down.',
        code: 'gateway_down',
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await within(found).findByRole('alert')).toHaveTextContent(
      'Activate failed: The gateway (charon) is down.',
    );
  });

  it('when USB or Printer answer and no report exists, then NO REPORT shows; a report shows its lines', async () => {
    const serial = 'AX1AS0001';
    const { user } = await openUnit(fullUnit(serial), 'support', {
      'POST /cmd/aligner_get_usb_status/v1': completed(serial, 'aligner_get_usb_status'),
      '/api/v1/get_latest_usb_status_for_aligner': null,
      'POST /cmd/aligner_get_printer_status/v1': completed(serial, 'aligner_get_printer_status'),
      '/api/v1/get_latest_printer_status_for_aligner': {
        createdAt: '2024-05-20T12:00:00.000Z',
        status: 'Printer HP 401\nPaper OK',
      },
    });
    await user.click(screen.getByRole('button', { name: 'USB' }));
    const usb = await findDialog(`USB Status of ${serial}`);
    expect(await within(usb).findByText('NO REPORT')).toBeInTheDocument();
    await user.click(within(usb).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Printer' }));
    const printer = await findDialog(`Printer Status of ${serial}`);
    expect(await within(printer).findByText(/Printer HP 401\s+Paper OK/)).toBeInTheDocument();
  });

  it('when Open Port answers, then the port and its expiry show', async () => {
    const serial = 'AX1AS0001';
    const { user, dialog: found } = await openUnit(fullUnit(serial), 'engineer', {
      'POST /cmd/aligner_open_ssh_port/v1': completed(serial, 'aligner_open_ssh_port', {
        port: 22305,
        expiresAt: '2024-05-20T12:15:00.000Z',
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Open Port' }));
    expect(
      await within(found).findByText(/^Port 22305 is open until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.$/),
    ).toBeInTheDocument();
  });

  it('when RAISE LOG LEVEL is pressed on a WARN unit, then INFO is sent', async () => {
    const serial = 'AX1AS0001';
    const { user, stub } = await openUnit(fullUnit(serial), 'support', {
      'POST /cmd/aligner_set_logging_level/v1': completed(serial, 'aligner_set_logging_level', {
        loggingLevel: 'INFO',
      }),
    });
    await user.click(screen.getByRole('button', { name: 'RAISE LOG LEVEL' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Logging level set to INFO.');
    const body = (await stub.callsTo('/cmd/aligner_set_logging_level/v1')[0]?.json()) as unknown;
    expect(body).toEqual({ serialNumber: serial, loggingLevel: 'INFO' });
  });

  it('when Check Cloud is pressed, then the updater command is sent and the unit re-read', async () => {
    const serial = 'AX1AS0001';
    const { user, stub } = await openUnit(fullUnit(serial), 'support', {
      'POST /cmd/aligner_check_now/v1': completed(serial, 'aligner_check_now', { updateState: 'BUSY' }),
    });
    const reads = stub.callsTo('/read/aligner/v1/').length;
    await user.click(screen.getByRole('button', { name: 'Check Cloud' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The updater is checking the cloud.');
    await waitFor(() => expect(stub.callsTo('/read/aligner/v1/').length).toBeGreaterThan(reads));
  });

  it('when a unit is downloading and is not a favourite, then the dialog re-reads it to show the progress move', async () => {
    const unit = fullUnit('AX1AS0001', { updateState: downloading('5.3.0', 45) });
    const { stub, fleet, dialog: found } = await openUnit(unit);
    expect(within(found).getAllByText('45%').length).toBeGreaterThan(0);
    fleet.units = [{ ...unit, updateState: downloading('5.3.0', 52) }];
    await waitFor(() => expect(within(found).getAllByText('52%').length).toBeGreaterThan(0), {
      timeout: 5000,
    });
    expect(stub.callsTo('/read/aligner/v1/').length).toBeGreaterThan(1);
  });
});

describe('equipment detail dialog: staging', () => {
  it('when Stage is pressed, then the latest record is sent, the pending version shows and Unstage replaces it', async () => {
    const serial = 'AX1AS0001';
    const {
      user,
      stub,
      fleet,
      dialog: found,
    } = await openUnit(fullUnit(serial), 'support', {
      'POST /create/immediate_stage_of_software_update/v1': () => {
        fleet.units = [fullUnit(serial, { pendingSoftwareDownload: '5.3.0' })];
        return after(100, {
          serialNumber: serial,
          family: 'aligner',
          version: { semantic: '5.3.0', meta: 'release' },
          path: '/updates/5.3.0',
        });
      },
      'POST /delete/immediate_unstage_of_software_update/v1': () => {
        fleet.units = [fullUnit(serial)];
        return { serialNumber: serial, family: 'aligner', pendingSoftwareDownload: '' };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Stage 5.3.0' }));
    expect(await screen.findByRole('button', { name: 'Unstage 5.3.0' })).toBeInTheDocument();
    expect(within(found).getByText('Software Ready To Download').closest('tr')).toHaveTextContent('5.3.0');
    const body = (await stub.callsTo('/create/immediate_stage_of_software_update/v1')[0]?.json()) as unknown;
    expect(body).toEqual({
      serialNumber: serial,
      version: { semantic: '5.3.0', meta: 'release' },
      path: '/updates/5.3.0',
    });

    await user.click(screen.getByRole('button', { name: 'Unstage 5.3.0' }));
    await waitFor(() =>
      expect(within(found).getByText('Software Ready To Download').closest('tr')).toHaveTextContent('NONE'),
    );
    expect(button('Unstage 5.3.0')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Stage 5.3.0' })).toBeInTheDocument();
  });

  it('when a gtps unit is staged, then the gtps call is used', async () => {
    const unit = fullUnit('TP5HV0001', {
      family: 'gtps',
      version: { semantic: '1.2.0', meta: '' },
      systemClass: 'GTPS',
    });
    const { user, stub } = await openUnit(unit, 'support', {
      'POST /create/immediate_stage_of_gtps_software_update/v1': {
        serialNumber: unit.serialNumber,
        family: 'gtps',
        version: { semantic: '1.4.0', meta: '' },
        path: '/updates/gtps-1.4.0',
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Stage 1.4.0' }));
    await waitFor(() =>
      expect(stub.callsTo('/create/immediate_stage_of_gtps_software_update/v1')).toHaveLength(1),
    );
  });

  it('when staging is refused, then the reason shows', async () => {
    const { user, dialog: found } = await openUnit(fullUnit(), 'support', {
      'POST /create/immediate_stage_of_software_update/v1': json(400, {
        error: 'Version 5.3.0 is already pending download.',
        code: 'staging_refused',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Stage 5.3.0' }));
    expect(await within(found).findByRole('alert')).toHaveTextContent(
      'Stage 5.3.0 failed: Version 5.3.0 is already pending download.',
    );
  });
});

describe('equipment detail dialog: favourite', () => {
  it('when the toggle is pressed and the server accepts, then the unit is a favourite', async () => {
    const serial = 'AX1AS0001';
    const { user, fleet } = await openUnit(fullUnit(serial), 'support', {
      'POST /create/favorite/v1/': () => {
        fleet.units = [fullUnit(serial, { favorite: true })];
        return { username: 'support', serialNumber: serial, favorite: true };
      },
    });
    const toggle = screen.getByRole('button', { name: 'Favorite' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'true'),
    );
  });

  it("when the radar is full, then 'Favorite limit exceeded.' shows", async () => {
    const { user } = await openUnit(fullUnit(), 'support', {
      'POST /create/favorite/v1/': json(409, {
        error: 'The radar is full.',
        code: 'favorite_limit_exceeded',
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Favorite' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Favorite limit exceeded.');
    expect(screen.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('when a favourite is toggled off, then the delete call names the user and the unit', async () => {
    const serial = 'AX1AS0001';
    const { user, stub } = await openUnit(fullUnit(serial, { favorite: true }), 'support', {
      'POST /delete/favorite/v1/': { username: 'support', serialNumber: serial, favorite: false },
    });
    await user.click(screen.getByRole('button', { name: 'Favorite' }));
    await waitFor(() => expect(stub.callsTo('/delete/favorite/v1/')).toHaveLength(1));
    expect(await stub.callsTo('/delete/favorite/v1/')[0]?.json()).toEqual({
      username: 'support',
      serialNumber: serial,
    });
  });
});

describe('equipment detail dialog: live', () => {
  it('when RADAR_UPDATE_FAVORITE arrives for the open unit, then the dialog shows its new state', async () => {
    const unit = fullUnit('AX1AS0001', { favorite: true, updateState: downloading('5.3.0', 45) });
    const { live, dialog: found } = await openUnit(unit);
    await act(async () => {
      live.last().serverConnects();
    });
    await act(async () => {
      live.last().serverEmits('RADAR_UPDATE_FAVORITE', { ...unit, updateState: downloading('5.3.0', 61) });
    });
    await waitFor(() => expect(within(found).getAllByText('61%').length).toBeGreaterThan(0));
  });
});
