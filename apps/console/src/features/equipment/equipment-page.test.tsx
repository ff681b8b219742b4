import { screen, waitFor, within } from '@testing-library/react';
import type { Aligner } from '@equipment-dashboard/contract';
import { json, stubFetch } from '../../test/fetch-stub';
import { tokenFor } from '../../test/fixtures';
import { bodyRows, expectColumns } from '../../test/lists';
import { renderApp } from '../../test/render-app';
import { equipmentRoutes, findDetailDialog, findDialog, fullUnit } from './test-support';

/** 23 units: three pages. AX1AS0001 is on 4.2.0 (no screenshots in the list), TP... is a gtps 1.0. */
function fleetOf23(): Aligner[] {
  const units: Aligner[] = [];
  for (let n = 1; n <= 21; n += 1) {
    units.push(fullUnit(`AX1AS${String(n).padStart(4, '0')}`, { version: { semantic: '5.3.0', meta: '' } }));
  }
  units[0] = fullUnit('AX1AS0001', { version: { semantic: '4.2.0', meta: '' } });
  units[1] = fullUnit('AX1AS0002', { version: { semantic: '5.2.1', meta: 'build 2300' } });
  units.push(
    fullUnit('TP5HV0001', {
      family: 'gtps',
      version: { semantic: '1.0.0', meta: '' },
      geolocation: { ...fullUnit().geolocation, country_code: 'DE', country_name: 'Germany' },
    }),
  );
  units.push(fullUnit('TP5HV0002', { family: 'gtps', version: { semantic: '0.9.0', meta: '' } }));
  return units;
}

const listCalls = (stub: ReturnType<typeof stubFetch>) =>
  stub.callsTo('/read/aligners/v1/').map((request) => Object.fromEntries(new URL(request.url).searchParams));

function openList(route = '/Aligners', role: Parameters<typeof tokenFor>[0] = 'support') {
  const fleet = { units: fleetOf23() };
  const stub = stubFetch(equipmentRoutes(fleet));
  const app = renderApp({ route, token: tokenFor(role) });
  return { ...app, stub, fleet };
}

const row = (serial: string) => screen.getByRole('row', { name: new RegExp(serial) });

describe('equipment list', () => {
  it('when it opens, then 10 rows show with serial, flag with the code, family, coloured version chip and dates', async () => {
    const { stub } = openList();
    expect(await screen.findByRole('link', { name: 'AX1AS0001' })).toHaveAttribute(
      'href',
      '/Aligners?serial=AX1AS0001',
    );
    const rows = bodyRows();
    expect(rows).toHaveLength(10);
    const first = row('AX1AS0001');
    expect(within(first).getByRole('img', { name: 'Flag of US' })).toHaveAttribute('src', '/flags/US.png');
    expect(within(first).getByText('aligner')).toBeInTheDocument();
    await waitFor(() => expect(within(first).getByText('4.2.0')).toHaveAttribute('data-colour', 'red'));
    expect(within(row('AX1AS0003')).getByText('5.3.0')).toHaveAttribute('data-colour', 'green');
    expect(within(first).getAllByText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)).toHaveLength(2);
    expect(screen.getByText('23 units')).toBeInTheDocument();
    expect(listCalls(stub)[0]).toEqual({ page: '1' });
    expectColumns([
      /Serial Number/,
      /Country/,
      /Family/,
      /Software Version/,
      /Created At/,
      /Updated At/,
      /Actions/,
    ]);
  });

  it('when the list shows, then the items-per-page selector is there but disabled', async () => {
    openList();
    await screen.findByRole('link', { name: 'AX1AS0001' });
    const selector = document.querySelector('.ant-pagination-options .ant-select');
    expect(selector).toHaveClass('ant-select-disabled');
    expect(selector).toHaveTextContent('10 / page');
  });

  it('when the next page is chosen, then page 2 is asked and the URL keeps it', async () => {
    const { stub, user, location } = openList();
    await screen.findByRole('link', { name: 'AX1AS0001' });
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByRole('link', { name: 'AX1AS0011' })).toBeInTheDocument();
    expect(listCalls(stub).at(-1)).toEqual({ page: '2' });
    expect(location()).toBe('/Aligners?page=2');
  });

  it('when a column header is clicked, then the list is asked sorted, then descending, and the URL keeps it', async () => {
    const { stub, user, location } = openList();
    await screen.findByRole('link', { name: 'AX1AS0001' });
    await user.click(screen.getByRole('columnheader', { name: /Created At/ }));
    await waitFor(() => expect(listCalls(stub).at(-1)).toEqual({ page: '1', sortBy: 'createdAt' }));
    expect(location()).toBe('/Aligners?sortBy=createdAt');
    await user.click(screen.getByRole('columnheader', { name: /Created At/ }));
    await waitFor(() =>
      expect(listCalls(stub).at(-1)).toEqual({ page: '1', sortBy: 'createdAt', sortDesc: 'true' }),
    );
    expect(location()).toBe('/Aligners?sortBy=createdAt&sortDesc=true');
  });

  it('when a serial number filter is typed, then after the pause page 1 is asked with it and the URL keeps it', async () => {
    const { stub, user, location } = openList('/Aligners?page=3');
    await waitFor(() => expect(listCalls(stub).at(-1)).toEqual({ page: '3' }));
    await user.type(screen.getByRole('textbox', { name: 'Serial Number' }), 'ax1');
    await waitFor(() => expect(listCalls(stub).at(-1)).toEqual({ page: '1', filterSerialNumber: 'ax1' }));
    expect(location()).toBe('/Aligners?filterSerialNumber=ax1');
    // One call for the whole word, not one per keystroke.
    expect(listCalls(stub).filter((query) => query['filterSerialNumber'] !== undefined)).toHaveLength(1);
  });

  it('when a family is chosen, then the list is asked for it; Clear Filters drops every filter', async () => {
    const { stub, user, location } = openList('/Aligners?filterCountryCode=DE');
    await waitFor(() => expect(listCalls(stub).at(-1)).toEqual({ page: '1', filterCountryCode: 'DE' }));
    expect(screen.getByRole('textbox', { name: 'Country Code' })).toHaveValue('DE');
    await user.click(screen.getByRole('combobox', { name: 'Family' }));
    await user.click(await screen.findByTitle('gtps'));
    await waitFor(() =>
      expect(listCalls(stub).at(-1)).toEqual({ page: '1', filterCountryCode: 'DE', filterFamily: 'gtps' }),
    );
    expect(location()).toBe('/Aligners?filterCountryCode=DE&filterFamily=gtps');
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(location()).toBe('/Aligners'));
    expect(screen.getByRole('textbox', { name: 'Country Code' })).toHaveValue('');
  });

  it('when a link carries page, filters and sort, then the list call reproduces the view', async () => {
    const { stub } = openList(
      '/Aligners?page=2&filterSerialNumber=AX&filterCountryCode=US&filterSoftwareVersion=5.&filterFamily=aligner&sortBy=softwareVersion&sortDesc=true',
    );
    await waitFor(() =>
      expect(listCalls(stub).at(-1)).toEqual({
        page: '2',
        filterSerialNumber: 'AX',
        filterCountryCode: 'US',
        filterSoftwareVersion: '5.',
        filterFamily: 'aligner',
        sortBy: 'softwareVersion',
        sortDesc: 'true',
      }),
    );
    expect(screen.getByRole('textbox', { name: 'Software Version' })).toHaveValue('5.');
  });

  it('when the list cannot be read, then it says so and Retry reads it again', async () => {
    let fail = true;
    const fleet = { units: fleetOf23() };
    const stub = stubFetch(
      equipmentRoutes(fleet, {
        '/read/aligners/v1/': () =>
          fail ? json(500, { error: 'Database unavailable.' }) : { docs: [], totalDocs: 0 },
      }),
    );
    const { user } = renderApp({ route: '/Aligners', token: tokenFor('support') });
    expect(await screen.findByText('The equipment list could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.queryByText('The equipment list could not be loaded.')).not.toBeInTheDocument(),
    );
    expect(stub.callsTo('/read/aligners/v1/').length).toBeGreaterThan(1);
  });
});

describe('equipment list: row actions', () => {
  const actions = (serial: string) =>
    within(row(serial))
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));

  it('when support looks at the rows, then there is no Delete, and View Screen Shots follows the list rule', async () => {
    const { user } = openList();
    await screen.findByRole('link', { name: 'AX1AS0001' });
    await waitFor(() =>
      expect(actions('AX1AS0002')).toEqual([
        'View Aligner Details',
        'Create Support Ticket',
        'View Ticket History',
        'View Screen Shots',
      ]),
    );
    // Aligner 4.2: below 4.3.0, no screenshots.
    expect(actions('AX1AS0001')).toEqual([
      'View Aligner Details',
      'Create Support Ticket',
      'View Ticket History',
    ]);
    await user.click(screen.getByTitle('3'));
    await screen.findByRole('link', { name: 'TP5HV0001' });
    expect(actions('TP5HV0001')).toContain('View Screen Shots');
    expect(actions('TP5HV0002')).not.toContain('View Screen Shots');
  });

  it.each(['admin', 'engineer'] as const)(
    'when %s looks at the rows, then Delete Equipment is there',
    async (role) => {
      openList('/Aligners', role);
      await screen.findByRole('link', { name: 'AX1AS0001' });
      expect(actions('AX1AS0001')).toContain('Delete Equipment');
    },
  );

  it.each(['support_lvl2', 'ezadas', 'guest'] as const)(
    'when %s looks at the rows, then there is no Delete',
    async (role) => {
      openList('/Aligners', role);
      await screen.findByRole('link', { name: 'AX1AS0001' });
      expect(actions('AX1AS0001')).not.toContain('Delete Equipment');
    },
  );

  it('when View Aligner Details is pressed, then the detail dialog opens and the URL names the unit', async () => {
    const { user, location } = openList('/Aligners?sortBy=family');
    await screen.findByRole('link', { name: 'AX1AS0001' });
    await user.click(within(row('AX1AS0002')).getByRole('button', { name: 'View Aligner Details' }));
    expect(await findDetailDialog('AX1AS0002')).toBeInTheDocument();
    expect(location()).toBe('/Aligners?sortBy=family&serial=AX1AS0002');
  });

  it('when an engineer deletes a unit and says Yes, then it is deleted, the dialog closes and the list reloads without it', async () => {
    const fleet = { units: fleetOf23() };
    const stub = stubFetch(
      equipmentRoutes(fleet, {
        'POST /api/v1/delete_equipment': async (request) => {
          const { serialNumber } = (await request.json()) as { serialNumber: string };
          fleet.units = fleet.units.filter((unit) => unit.serialNumber !== serialNumber);
          return { serialNumber, deleted: true };
        },
      }),
    );
    const { user } = renderApp({ route: '/Aligners', token: tokenFor('engineer') });
    await screen.findByRole('link', { name: 'AX1AS0003' });
    await user.click(within(row('AX1AS0003')).getByRole('button', { name: 'Delete Equipment' }));
    const confirm = await findDialog('Delete Equipment');
    expect(confirm).toHaveTextContent('Delete equipment AX1AS0003?');
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'AX1AS0003' })).not.toBeInTheDocument());
    expect(await stub.callsTo('/api/v1/delete_equipment')[0]?.json()).toEqual({ serialNumber: 'AX1AS0003' });
    expect(screen.queryByText('Delete equipment AX1AS0003?')).not.toBeInTheDocument();
    expect(screen.getByText('22 units')).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Equipment AX1AS0003 was deleted.');
  });

  it('when the deletion is answered No, then nothing is deleted', async () => {
    const { stub, user } = openList('/Aligners', 'admin');
    await screen.findByRole('link', { name: 'AX1AS0003' });
    await user.click(within(row('AX1AS0003')).getByRole('button', { name: 'Delete Equipment' }));
    await user.click(within(await findDialog('Delete Equipment')).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByText('Delete equipment AX1AS0003?')).not.toBeInTheDocument());
    expect(stub.callsTo('/api/v1/delete_equipment')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'AX1AS0003' })).toBeInTheDocument();
  });

  it('when the server refuses the deletion, then the reason shows and the dialog stays', async () => {
    const fleet = { units: fleetOf23() };
    stubFetch(
      equipmentRoutes(fleet, {
        'POST /api/v1/delete_equipment': json(403, {
          error: 'The engineer role may not do this (equipment.delete).',
          code: 'forbidden',
        }),
      }),
    );
    const { user } = renderApp({ route: '/Aligners', token: tokenFor('engineer') });
    await screen.findByRole('link', { name: 'AX1AS0003' });
    await user.click(within(row('AX1AS0003')).getByRole('button', { name: 'Delete Equipment' }));
    const confirm = await findDialog('Delete Equipment');
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await within(confirm).findByText(/may not do this/)).toBeInTheDocument();
  });
});
