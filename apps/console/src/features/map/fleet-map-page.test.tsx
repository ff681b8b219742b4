import { act, screen, waitFor, within } from '@testing-library/react';
import type { FleetMapCell } from '@equipment-dashboard/contract';
import { openScreen } from '../../shared/testing/render-screen';
import { csv, recordDownloads, today } from '../../test/downloads';
import { queryOf } from '../../test/lists';
import { FleetMapPage } from './fleet-map-page';

const saved = recordDownloads();

const cell = (
  over: Partial<FleetMapCell> & Pick<FleetMapCell, 'key' | 'name' | 'countryCode'>,
): FleetMapCell => ({
  region: null,
  city: null,
  lat: 40,
  lon: -100,
  units: 100,
  connected: 90,
  offline: 10,
  updating: 3,
  alertsFiring: 0,
  alertsByKind: {},
  ...over,
});

const COUNTRIES = [
  cell({
    key: 'US',
    name: 'United States',
    countryCode: 'US',
    units: 120,
    connected: 100,
    offline: 20,
    alertsFiring: 4,
    alertsByKind: { unitOffline: 4 },
  }),
  cell({
    key: 'DE',
    name: 'Germany',
    countryCode: 'DE',
    lat: 51,
    lon: 10,
    units: 40,
    connected: 39,
    offline: 1,
  }),
];
const US_REGIONS = [
  cell({
    key: 'US/Texas',
    name: 'Texas',
    countryCode: 'US',
    region: 'Texas',
    lat: 31,
    lon: -99,
    units: 70,
    connected: 60,
    offline: 10,
  }),
  cell({
    key: 'US/Ohio',
    name: 'Ohio',
    countryCode: 'US',
    region: 'Ohio',
    lat: 40,
    lon: -82,
    units: 50,
    connected: 40,
    offline: 10,
  }),
];
const TEXAS_CITIES = [
  cell({
    key: 'US/Texas/Austin',
    name: 'Austin',
    countryCode: 'US',
    region: 'Texas',
    city: 'Austin',
    lat: 30.3,
    lon: -97.7,
    units: 70,
    connected: 60,
    offline: 10,
  }),
];

/** GET /read/fleet_map/v1 as the server answers it, by level and drill. */
function mapRoute(request: Request) {
  const query = new URL(request.url).searchParams;
  const level = query.get('level') ?? 'country';
  const cells = level === 'country' ? COUNTRIES : level === 'region' ? US_REGIONS : TEXAS_CITIES;
  return { level, cells };
}

const table = () => screen.getByRole('table', { name: 'Places' });
const rowOf = (name: string) => within(table()).getByRole('row', { name: new RegExp(`^${name}`) });

describe('Fleet Map', () => {
  it('when the map opens, then the table lists the countries with their counts, and each links to its units and alerts with the filters', async () => {
    const { stub } = openScreen('/Map?filterFamily=gtps', <FleetMapPage />, 'guest', {
      '/read/fleet_map/v1': mapRoute,
    });
    expect(await screen.findByRole('region', { name: 'Fleet Map' })).toBeInTheDocument();
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(3));
    expect(queryOf(stub.callsTo('/read/fleet_map/v1')[0])).toMatchObject({
      level: 'country',
      filterFamily: 'gtps',
    });
    const us = rowOf('United States');
    expect(us).toHaveTextContent('120');
    expect(us).toHaveTextContent('100 (83%)');
    expect(us).toHaveTextContent('4 (unitOffline 4)');
    expect(within(us).getByRole('link', { name: 'View 120 units' })).toHaveAttribute(
      'href',
      '/Aligners?filterFamily=gtps&filterCountryCode=US',
    );
    expect(within(us).getByRole('link', { name: '20 offline' })).toHaveAttribute(
      'href',
      '/Aligners?filterFamily=gtps&filterCountryCode=US&filterConnected=false',
    );
    expect(within(us).getByRole('link', { name: 'Alerts of United States' })).toHaveAttribute(
      'href',
      '/Alerts?countryCode=US',
    );
  });

  it('when a country is drilled into and then a region, then the URL keeps the level, the drill and the filters, and the breadcrumb leads back', async () => {
    const { user, stub, location } = openScreen('/Map?filterConnected=false', <FleetMapPage />, 'support', {
      '/read/fleet_map/v1': mapRoute,
    });
    await user.click(await screen.findByRole('button', { name: 'United States: show its places' }));
    await waitFor(() => expect(location()).toBe('/Map?filterConnected=false&level=region&country=US'));
    expect(await screen.findByRole('button', { name: 'Texas: show its places' })).toBeInTheDocument();
    expect(queryOf(stub.callsTo('/read/fleet_map/v1').at(-1))).toMatchObject({
      level: 'region',
      country: 'US',
      filterConnected: 'false',
    });
    // Below the country, the country's units are linked once, with its total.
    expect(screen.getByRole('link', { name: 'View 120 units in United States' })).toHaveAttribute(
      'href',
      '/Aligners?filterConnected=false&filterCountryCode=US',
    );
    expect(within(rowOf('Texas')).getByRole('link', { name: 'Alerts of Texas' })).toHaveAttribute(
      'href',
      '/Alerts?countryCode=US&region=Texas',
    );

    await user.click(screen.getByRole('button', { name: 'Texas: show its places' }));
    await waitFor(() =>
      expect(location()).toBe('/Map?filterConnected=false&level=city&country=US&region=Texas'),
    );
    expect(await within(table()).findByText('Austin')).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await user.click(within(crumbs).getByRole('link', { name: 'United States' }));
    await waitFor(() => expect(location()).toBe('/Map?level=region&country=US&filterConnected=false'));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'World' }),
    );
    await waitFor(() => expect(location()).toBe('/Map?filterConnected=false'));
  });

  it('when the map is drawn, then each country with units is a button whose focus shows its tooltip, and Enter drills into it', async () => {
    const { user, location } = openScreen('/Map', <FleetMapPage />, 'guest', {
      '/read/fleet_map/v1': mapRoute,
    });
    const map = await screen.findByRole('group', { name: 'Map of the fleet' }, { timeout: 15_000 });
    const us = within(map).getByRole('button', {
      name: /^United States: 120 units, 100 connected, 20 offline, 4 firing alerts/,
    });
    us.focus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('United States');
    expect(tooltip).toHaveTextContent('Updating: 3');
    expect(tooltip).toHaveTextContent('unitOffline 4');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/Map?level=region&country=US'));
    // The regions are bubbles on the map.
    expect(await within(map).findByRole('button', { name: /^Texas: 70 units/ })).toBeInTheDocument();
  });

  it('when the fleet changes (FLEET_MAP_CHANGED), then the open map reads its cells again, at most once a second', async () => {
    const { live, stub } = openScreen('/Map', <FleetMapPage />, 'guest', { '/read/fleet_map/v1': mapRoute });
    await screen.findByRole('button', { name: 'United States: show its places' });
    const before = stub.callsTo('/read/fleet_map/v1').length;
    await act(async () => {
      live.last().serverConnects();
      live.last().serverEmits('FLEET_MAP_CHANGED', {});
      live.last().serverEmits('FLEET_MAP_CHANGED', {});
    });
    await waitFor(() => expect(stub.callsTo('/read/fleet_map/v1').length).toBe(before + 1));
    // The second event of the same second waits for the end of it.
    await waitFor(() => expect(stub.callsTo('/read/fleet_map/v1').length).toBe(before + 2), {
      timeout: 3_000,
    });
  });

  it('when Export CSV is clicked, then the map CSV of the same query is saved', async () => {
    const { user, stub } = openScreen('/Map?level=region&country=US', <FleetMapPage />, 'guest', {
      '/read/fleet_map/v1': mapRoute,
      '/read/fleet_map/v1/export.csv': csv('Key,Place\r\nUS/Texas,Texas\r\n'),
    });
    await screen.findByRole('button', { name: 'Texas: show its places' });
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(queryOf(stub.callsTo('/read/fleet_map/v1/export.csv')[0])).toMatchObject({
      level: 'region',
      country: 'US',
    });
    expect(saved[0]?.name).toBe(`fleet-map-region-${today()}.csv`);
  });
});
