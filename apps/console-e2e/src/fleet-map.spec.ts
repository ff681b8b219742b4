import { expect, test } from '@playwright/test';
import type { FleetMap, ListRow, Paged } from '@equipment-dashboard/contract';
import { expectAccessible, settled } from './support/a11y';
import { api, e2eServer, signIn } from './support/console';
import { admin } from './support/fleet';

test.describe('Fleet Map', () => {
  test('when guest opens Fleet Map from the drawer, then the countries are in the table, a country drills into its regions, and "View N units" opens its units', async ({
    page,
  }) => {
    const token = await admin();
    const world = await api<FleetMap>(token, '/read/fleet_map/v1?level=country');
    const top = world.cells[0];
    if (!top) throw new Error('the fleet map has no country');

    await signIn(page, 'guest');
    // The map's shapes are not loaded before the map screen.
    const shapes: string[] = [];
    page.on('response', (res) => {
      if (/world-map|countries-50m/.test(res.url())) shapes.push(res.url());
    });
    await settled(page);
    expect(shapes).toEqual([]);

    await page.getByRole('link', { name: 'Fleet Map' }).click();
    await expect(page).toHaveURL(/\/Map$/);
    const screen = page.getByRole('region', { name: 'Fleet Map' });
    const table = screen.getByRole('table', { name: 'Places' });
    const countryRow = table.getByRole('row', { name: new RegExp(`^${top.name}`) });
    await expect(countryRow).toContainText(top.units.toLocaleString('en-US'));
    await expect(screen.getByRole('group', { name: 'Map of the fleet' })).toBeVisible();
    expect(shapes.length).toBeGreaterThan(0);
    await settled(page);
    await expectAccessible(page, 'Fleet Map (countries)');

    // Keyboard focus on a country of the map: its tooltip (a country's shape is too spread out to hover its middle).
    await screen
      .getByRole('group', { name: 'Map of the fleet' })
      .getByRole('button', { name: new RegExp(`^${top.name}: \\d`) })
      .focus();
    await expect(page.getByRole('tooltip')).toContainText(top.name);

    // Drill into the country from the table.
    await table.getByRole('button', { name: `${top.name}: show its places` }).click();
    await expect(page).toHaveURL(new RegExp(`level=region&country=${top.countryCode}`));
    const regions = await api<FleetMap>(token, `/read/fleet_map/v1?level=region&country=${top.countryCode}`);
    const region = regions.cells[0];
    if (!region) throw new Error('the country has no region');
    await expect(table.getByRole('button', { name: `${region.name}: show its places` })).toBeVisible();
    // Hover a region's bubble: its tooltip.
    await screen
      .getByRole('group', { name: 'Map of the fleet' })
      .getByRole('button', { name: new RegExp(`^${region.name}: \\d`) })
      .hover();
    await expect(page.getByRole('tooltip')).toContainText(region.name);
    await settled(page);
    await expectAccessible(page, 'Fleet Map (regions)');

    // Back to the world, then "View N units" of the country: the equipment list filtered to it, with N units.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'World' }).click();
    const view = table.getByRole('row', { name: new RegExp(`^${top.name}`) }).getByRole('link', {
      name: `View ${top.units.toLocaleString('en-US')} units`,
    });
    await view.click();
    await expect(page).toHaveURL(new RegExp(`/Aligners\\?filterCountryCode=${top.countryCode}$`));
    const listed = await api<Paged<ListRow>>(
      token,
      `/read/aligners/v1/?filterCountryCode=${top.countryCode}`,
    );
    expect(listed.totalDocs).toBe(top.units);
    const equipment = page.getByRole('region', { name: 'Equipment' });
    await expect(equipment.getByRole('textbox', { name: 'Country Code' })).toHaveValue(top.countryCode);
    await expect(equipment.getByRole('img', { name: new RegExp(top.countryCode) }).first()).toBeVisible();
  });

  test('when "N offline" of a country is clicked, then the equipment list shows exactly its offline units', async ({
    page,
  }) => {
    const token = await admin();
    const world = await api<FleetMap>(token, '/read/fleet_map/v1?level=country');
    const withOffline = world.cells.find((c) => c.offline > 0);
    if (!withOffline) throw new Error('every unit of the e2e fleet is connected: the seed has offline units');
    await signIn(page, 'support');
    await page.goto(`${e2eServer().url}/Map`);
    const table = page.getByRole('table', { name: 'Places' });
    await table
      .getByRole('row', { name: new RegExp(`^${withOffline.name}`) })
      .getByRole('link', { name: /offline$/ })
      .click();
    await expect(page).toHaveURL(
      new RegExp(`/Aligners\\?filterCountryCode=${withOffline.countryCode}&filterConnected=false$`),
    );
    const listed = await api<Paged<ListRow>>(
      token,
      `/read/aligners/v1/?filterCountryCode=${withOffline.countryCode}&filterConnected=false`,
    );
    expect(listed.docs.every((row) => !row.connected)).toBe(true);
    await expect(page.getByRole('region', { name: 'Equipment' }).getByRole('row').nth(1)).toContainText('No');
  });
});
