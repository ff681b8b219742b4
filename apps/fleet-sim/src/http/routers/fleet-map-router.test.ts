import { fleetMapSchema, type FleetMap, type FleetMapCell } from '@equipment-dashboard/contract';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { disconnect } from '../../fleet/simulation';
import { changeUnit, engineOf, settle, until } from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';

const MAP = '/read/fleet_map/v1';
const CSV = '/read/fleet_map/v1/export.csv';
const LIST = '/read/aligners/v1/';

const sum = (cells: readonly FleetMapCell[], field: 'units' | 'connected' | 'offline' | 'updating') =>
  cells.reduce((n, cell) => n + cell[field], 0);

describe('the fleet map', () => {
  const t = useTestServer({ users: ['admin', 'engineer', 'support', 'guest'] });

  const map = async (query: Record<string, string> = {}, user = 'guest'): Promise<FleetMap> => {
    const res = await t.as(user).get(MAP).query(query);
    expect({ status: res.status, body: res.status === 200 ? 'ok' : res.body }).toEqual({
      status: 200,
      body: 'ok',
    });
    return fleetMapSchema.parse(res.body);
  };
  const listTotal = async (query: Record<string, string> = {}): Promise<number> => {
    const res = await t
      .as('guest')
      .get(LIST)
      .query({ page: '1', ...query });
    expect(res.status).toBe(200);
    return res.body.totalDocs as number;
  };

  it('when guest reads the countries, then one cell per country with units, whose sums are the equipment list totals', async () => {
    const world = await map();
    expect(world.level).toBe('country');
    expect(world.cells.length).toBeGreaterThan(3);
    expect(sum(world.cells, 'units')).toBe(await listTotal());
    expect(sum(world.cells, 'offline')).toBe(await listTotal({ filterConnected: 'false' }));
    expect(sum(world.cells, 'connected')).toBe(await listTotal({ filterConnected: 'true' }));
    // Most units first; every count adds up.
    expect(world.cells.map((c) => c.units)).toEqual(
      [...world.cells.map((c) => c.units)].sort((a, b) => b - a),
    );
    for (const cell of world.cells) {
      expect(cell.connected + cell.offline).toBe(cell.units);
      expect(cell.updating).toBeLessThanOrEqual(cell.units);
      expect(cell.key).toBe(cell.countryCode);
      expect([cell.region, cell.city]).toEqual([null, null]);
      // The seed's countries have a point from the places data.
      expect(cell.lat).toEqual(expect.any(Number));
      expect(cell.lon).toEqual(expect.any(Number));
    }
    const top = world.cells[0] as FleetMapCell;
    expect(top.units).toBe(await listTotal({ filterCountryCode: top.countryCode }));
    expect(top.offline).toBe(
      await listTotal({ filterCountryCode: top.countryCode, filterConnected: 'false' }),
    );
    expect(world.cells.find((c) => c.countryCode === 'US')?.name).toBe('United States');
  });

  it("when a country is drilled into, then its regions' cells and a region's cities' cells add up to the cell above", async () => {
    const world = await map();
    const country = world.cells[0] as FleetMapCell;
    const regions = await map({ level: 'region', country: country.countryCode.toLowerCase() });
    expect(regions.level).toBe('region');
    expect(regions.cells.length).toBeGreaterThan(0);
    expect(new Set(regions.cells.map((c) => c.countryCode))).toEqual(new Set([country.countryCode]));
    for (const field of ['units', 'connected', 'offline', 'updating'] as const)
      expect(sum(regions.cells, field)).toBe(country[field]);
    const region = regions.cells[0] as FleetMapCell;
    expect(region.key).toBe(`${country.countryCode}/${region.region}`);
    expect(region.name).toBe(region.region);

    const cities = await map({
      level: 'city',
      country: country.countryCode,
      region: region.region as string,
    });
    expect(cities.cells.length).toBeGreaterThan(0);
    for (const field of ['units', 'connected', 'offline', 'updating'] as const)
      expect(sum(cities.cells, field)).toBe(region[field]);
    const city = cities.cells[0] as FleetMapCell;
    expect(city.key).toBe(`${country.countryCode}/${region.region}/${city.city}`);
    expect([city.region, city.name]).toEqual([region.region, city.city]);
    expect(city.lat).toEqual(expect.any(Number));
  });

  it.each<[Record<string, string>]>([
    [{ filterFamily: 'gtps' }],
    [{ filterSoftwareVersion: '5' }],
    [{ filterCountryCode: 'u' }],
    [{ filterSerialNumber: 'A' }],
    [{ filterFamily: 'aligner', filterConnected: 'true' }],
    [{ filterFamily: 'aligner', filterConnected: 'false' }],
  ])(
    'when the map is filtered by %j, then its cells add up to the equipment list total for the same filters',
    async (filters) => {
      const filtered = await map(filters);
      const total = await listTotal(filters);
      expect(total).toBeGreaterThan(0);
      expect(sum(filtered.cells, 'units')).toBe(total);
      if (filters.filterConnected === 'false') expect(sum(filtered.cells, 'connected')).toBe(0);
      if (filters.filterConnected === 'true') expect(sum(filtered.cells, 'offline')).toBe(0);
    },
  );

  it('when the serial filter is longer than the counted heads, then the map walks its range and still matches the list', async () => {
    const engine = engineOf(t);
    const serial = [...engine.state.units.keys()][0] as string;
    const filters = { filterSerialNumber: serial.slice(0, 4) };
    expect(sum((await map(filters)).cells, 'units')).toBe(await listTotal(filters));
  });

  it('when the equipment list is filtered by Connected, then it lists only those units, and its CSV export too', async () => {
    const offline = await t.as('guest').get(LIST).query({ page: '1', filterConnected: 'false' });
    expect(offline.status).toBe(200);
    expect(offline.body.docs.length).toBeGreaterThan(0);
    expect(offline.body.docs.every((row: { connected: boolean }) => row.connected === false)).toBe(true);
    const connected = await t.as('guest').get(LIST).query({ page: '1', filterConnected: 'true' });
    expect(connected.body.docs.every((row: { connected: boolean }) => row.connected === true)).toBe(true);
    expect(offline.body.totalDocs + connected.body.totalDocs).toBe(await listTotal());
    const csv = await t.as('guest').get(`${LIST}export.csv`).query({ filterConnected: 'false' });
    expect(csv.status).toBe(200);
    const [, ...rows] = parse(csv.text.slice(1)) as string[][];
    expect(rows).toHaveLength(offline.body.totalDocs);
    const bad = await t.as('guest').get(LIST).query({ filterConnected: 'maybe' });
    expect(bad.status).toBe(400);
  });

  it('when a saved view of the equipment list is given, then its filters apply, and a filter given beside it wins', async () => {
    const saved = await t
      .as('support')
      .post('/create/saved_view/v1')
      .send({
        screen: 'equipment',
        name: 'Map gtps',
        shared: true,
        query: { filterFamily: 'gtps', filterConnected: 'true' },
      });
    expect(saved.status).toBe(200);
    const viewId = String(saved.body.id);
    const byView = await map({ viewId });
    expect(sum(byView.cells, 'units')).toBe(
      await listTotal({ filterFamily: 'gtps', filterConnected: 'true' }),
    );
    const overridden = await map({ viewId, filterFamily: 'aligner' });
    expect(sum(overridden.cells, 'units')).toBe(
      await listTotal({ filterFamily: 'aligner', filterConnected: 'true' }),
    );

    const scheduler = await t
      .as('engineer')
      .post('/create/saved_view/v1')
      .send({ screen: 'scheduler-gtps', name: 'Staged', shared: true, query: { onlyStaged: 'true' } });
    const other = await t
      .as('guest')
      .get(MAP)
      .query({ viewId: String(scheduler.body.id) });
    expect(other.status).toBe(400);
    expect(other.body.details).toEqual([{ path: 'viewId', message: 'Not an equipment list view.' }]);
    const unknown = await t.as('guest').get(MAP).query({ viewId: '999999' });
    expect(unknown.status).toBe(404);
  });

  it('when parameters are bad, then 400 names every problem', async () => {
    const res = await t
      .as('guest')
      .get(MAP)
      .query({ level: 'planet', region: 'Texas', filterFamily: 'boat', viewId: 'x' });
    expect(res.status).toBe(400);
    const paths = (res.body.details as { path: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual(['filterFamily', 'level', 'region', 'viewId']);
    const noCountry = await t.as('guest').get(MAP).query({ level: 'city', region: 'Texas' });
    expect(noCountry.status).toBe(400);
    expect(noCountry.body.details).toEqual([expect.objectContaining({ path: 'region' })]);
    const csv = await t.as('guest').get(CSV).query({ level: 'planet' });
    expect(csv.status).toBe(400);
  });

  it('when nobody is signed in, then 401; every role reads the map', async () => {
    expect((await t.http.get(MAP)).status).toBe(401);
    expect((await t.http.get(CSV)).status).toBe(401);
    for (const user of ['admin', 'engineer', 'support', 'guest'])
      expect((await t.as(user).get(MAP)).status).toBe(200);
  });

  it('when the CSV is asked, then it holds a header and one row per cell of the same query', async () => {
    const regions = await map({ level: 'region', country: 'US' });
    const res = await t.as('guest').get(CSV).query({ level: 'region', country: 'US' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="fleet-map-region-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(res.text.startsWith('\ufeff')).toBe(true);
    const [header, ...rows] = parse(res.text.slice(1)) as string[][];
    expect(header).toEqual([
      'Key',
      'Place',
      'Country',
      'Region',
      'City',
      'Latitude',
      'Longitude',
      'Units',
      'Connected',
      'Offline',
      'Updating',
      'Firing Alerts',
      'Firing Alerts by Kind',
    ]);
    expect(rows.map((r) => [r[0], Number(r[7])])).toEqual(regions.cells.map((c) => [c.key, c.units]));
  });

  it('when firing alerts have places, then the cells count them by kind, and a city counts those of its units', async () => {
    const regions = await map({ level: 'region', country: 'US' });
    const region = regions.cells[0] as FleetMapCell;
    const cities = await map({ level: 'city', country: 'US', region: region.region as string });
    const city = cities.cells[0] as FleetMapCell;
    const serial = [...engineOf(t).state.units.values()].find(
      (u) =>
        t.server.deps.readModels.index.placeOf(u.serialNumber)?.city === city.city &&
        t.server.deps.readModels.index.placeOf(u.serialNumber)?.region === region.region,
    )?.serialNumber;
    expect(serial).toBeDefined();
    const now = new Date().toISOString();
    const insert = (subject: string, kind: string, state: string) =>
      t.server.deps.db.execute(sql`
        INSERT INTO alerts (rule_id, rule_name, kind, severity, subject_key, subject, serial_number, family, country_code,
          region, state, summary, started_at, updated_at)
        VALUES (9001, 'map test', ${kind}, 'major', ${subject}, '{}'::jsonb, ${serial ?? null}, 'aligner', 'US',
          ${region.region}, ${state}, 'map test', ${now}, ${now})`);
    await insert(`unit:${serial}:a`, 'unitOffline', 'firing');
    await insert(`unit:${serial}:b`, 'updateFailed', 'firing');
    await insert(`unit:${serial}:c`, 'unitOffline', 'resolved');

    const world = await until(
      () => map(),
      (m) => (m.cells.find((c) => c.countryCode === 'US')?.alertsFiring ?? 0) >= 2,
    );
    const us = world.cells.find((c) => c.countryCode === 'US') as FleetMapCell;
    expect(us.alertsByKind).toMatchObject({ unitOffline: 1, updateFailed: 1 });
    const inRegion = (await map({ level: 'region', country: 'US' })).cells.find((c) => c.key === region.key);
    expect(inRegion).toMatchObject({ alertsFiring: 2, alertsByKind: { unitOffline: 1, updateFailed: 1 } });
    // Each read of the alerts serves a second: the city's may still be the one read before the alerts.
    const cityCell = async () =>
      (await map({ level: 'city', country: 'US', region: region.region as string })).cells.find(
        (c) => c.key === city.key,
      );
    const inCity = await until(cityCell, (c) => (c?.alertsFiring ?? 0) >= 2);
    expect(inCity).toMatchObject({ alertsFiring: 2, alertsByKind: { unitOffline: 1, updateFailed: 1 } });
  });

  it("when a unit drops, then its place's counts follow and open maps hear FLEET_MAP_CHANGED once, not once per unit", async () => {
    const socket = await t.live('guest');
    const heard: unknown[] = [];
    socket.on('FLEET_MAP_CHANGED', (payload: unknown) => heard.push(payload));
    const engine = engineOf(t);
    const dropping = [...engine.state.units.values()].filter((u) => u.connected).slice(0, 3);
    const index = t.server.deps.readModels.index;
    const place = index.placeOf(dropping[0]?.serialNumber as string);
    const before = (await map({ level: 'country' })).cells.find((c) => c.countryCode === place?.countryCode);
    const dropped = dropping.filter(
      (u) => index.placeOf(u.serialNumber)?.countryCode === place?.countryCode,
    ).length;
    for (const unit of dropping) engine.change(unit, (u) => disconnect(u, engine.clock.now()));
    await settle(t);
    const after = (await map({ level: 'country' })).cells.find((c) => c.countryCode === place?.countryCode);
    expect(after?.offline).toBe((before?.offline ?? 0) + dropped);
    await until(
      async () => heard.length,
      (n) => n >= 1,
    );
    await new Promise((r) => setTimeout(r, 1_200));
    expect(heard.length).toBeLessThanOrEqual(2);
    expect(heard[0]).toEqual({});
    // A change that moves no count (a heartbeat) raises nothing.
    const count = heard.length;
    const still = dropping[0];
    if (still) await changeUnit(t, still, (u) => (u.updatedAt += 1));
    await new Promise((r) => setTimeout(r, 1_200));
    expect(heard.length).toBe(count);
  });
});
