import type { Country, Notification } from '@equipment-dashboard/contract';
import { PlaceIndex, placeIndex } from '../../services/places-service';
import { bearer, engineOf } from '../../test/fleet-helpers';
import { refreshIndex } from '../../read-models/unit-feed';
import { useTestServer } from '../../test/test-server';

describe('notifications and the places units are in (back-office §2.6, §3, §5, §7.4)', () => {
  const t = useTestServer({ users: ['engineer', 'support'] });
  let country: Country;
  let region: string;
  let city: string;
  beforeAll(async () => {
    const countries = (await t.as('support').get('/read/aligner_countries/v1')).body as Country[];
    country = countries.find((c) => c.countryCode === 'US') ?? (countries[0] as Country);
    region = (
      await t.as('support').get('/read/aligner_regions/v1').query({ countryName: country.countryName })
    ).body[0].region;
    city = (
      await t.as('support').get('/read/aligner_cities/v1').query({ countryName: country.countryName, region })
    ).body[0].city;
  });

  describe('countries, regions and cities', () => {
    it('when the countries are read, then each country units are in comes once, sorted by name', async () => {
      const res = await t.as('support').get('/read/aligner_countries/v1');
      expect(res.status).toBe(200);
      const names = res.body.map((c: Country) => c.countryName);
      expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
      const codes = new Set(res.body.map((c: Country) => c.countryCode));
      for (const unit of engineOf(t).state.units.values()) expect(codes.has(unit.countryCode)).toBe(true);
    });

    it('when the regions of a country and the cities of a region are read, then they are sorted and distinct; unknown places give []', async () => {
      const regions = (
        await t
          .as('support')
          .get('/read/aligner_regions/v1')
          .query({ countryName: country.countryName.toUpperCase() })
      ).body;
      expect(regions.length).toBeGreaterThan(0);
      const names = regions.map((r: { region: string }) => r.region);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toEqual(
        [...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
      );
      const cities = (
        await t
          .as('support')
          .get('/read/aligner_cities/v1')
          .query({ countryName: country.countryName, region })
      ).body;
      expect(cities).toContainEqual({ city });
      expect(
        (await t.as('support').get('/read/aligner_regions/v1').query({ countryName: 'Atlantis' })).body,
      ).toEqual([]);
      expect(
        (await t.as('support').get('/read/aligner_cities/v1').query({ countryName: country.countryName }))
          .status,
      ).toBe(400);
    });

    it('when the fleet has not changed, then the lists come from one cached index; a deleted unit rebuilds it behind the scenes', async () => {
      const first = await placeIndex(t.server.deps);
      expect(await placeIndex(t.server.deps)).toBe(first);
      const { index } = t.server.deps.readModels;
      const unit = [...engineOf(t).state.units.values()].at(-1);
      if (!unit) throw new Error('no unit');
      index.remove([unit.serialNumber]);
      // The previous index answers at once while the new one builds.
      expect(await placeIndex(t.server.deps)).toBe(first);
      let rebuilt = first;
      for (let i = 0; i < 50 && rebuilt === first; i++) {
        await new Promise((r) => setTimeout(r, 20));
        rebuilt = await placeIndex(t.server.deps);
      }
      expect(rebuilt).not.toBe(first);
      await refreshIndex(t.server.deps.db, index, [unit.serialNumber]);
    });

    it('when 100,000 places are indexed, then a list is answered in well under a few milliseconds', () => {
      const places = Array.from({ length: 100_000 }, (_, i) => ({
        countryCode: `C${i % 40}`,
        countryName: `Country ${i % 40}`,
        region: `Region ${i % 400}`,
        city: `City ${i}`,
        n: 1,
      }));
      const index = new PlaceIndex(places);
      const started = performance.now();
      for (let i = 0; i < 100; i++) {
        index.regionsOf('Country 7');
        index.citiesOf('Country 7', 'Region 7');
      }
      expect((performance.now() - started) / 100).toBeLessThan(2);
      expect(index.countries).toHaveLength(40);
    });
  });

  describe('notifications', () => {
    const body = () => ({
      name: 'Summer Clinic',
      resourcePath: '/ads/summer-clinic.png',
      mimeType: 'image/png',
      beginsOn: '2099-06-01T00:00:00.000Z',
      endsOn: '2099-06-30T23:59:59.999Z',
      targetType: 'geographic',
      target: { family: 'aligner', country: country.countryCode, region, city },
    });
    const create = (payload: object) => t.as('engineer').post('/create/notification/v1/').send(payload);

    it('when the table is read, then notifications come 10 a page, the latest beginning first', async () => {
      const res = await t.as('support').get('/read/notifications/v1/').query({ page: 1 });
      expect(res.status).toBe(200);
      expect(res.body.docs).toHaveLength(10);
      const begins = res.body.docs.map((n: Notification) => n.beginsOn);
      expect([...begins].sort().reverse()).toEqual(begins);
      const page2 = await t.as('support').get('/read/notifications/v1/').query({ page: 2 });
      expect(page2.body.docs.length).toBe(res.body.totalDocs - 10);
    });

    it('when an engineer creates a notification for a city, then it is stored with the dates as sent and listed first', async () => {
      const res = await create(body());
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ...body(), id: expect.any(Number) });
      const list = await t.as('support').get('/read/notifications/v1/');
      expect(list.body.docs[0]).toEqual(res.body);
    });

    it('when region and city are blank, then they are stored as null (the whole country)', async () => {
      const res = await create({
        ...body(),
        target: { family: 'all', country: country.countryCode.toLowerCase(), region: ' ', city: '' },
      });
      expect(res.status).toBe(200);
      expect(res.body.target).toEqual({
        family: 'all',
        country: country.countryCode,
        region: null,
        city: null,
      });
    });

    it('when the country is unknown, then 400 naming target.country', async () => {
      const unknownCountry = await create({
        ...body(),
        target: { family: 'gtps', country: 'XX', region: null, city: null },
      });
      expect(unknownCountry.status).toBe(400);
      expect(unknownCountry.body.details).toEqual([{ path: 'target.country', message: expect.any(String) }]);
    });

    it.each([
      ['the city is unknown', () => ({ ...body(), target: { ...body().target, city: 'Nowhere' } })],
      ['the MIME type is not offered', () => ({ ...body(), mimeType: 'image/gif' })],
      ['the end is before the start', () => ({ ...body(), endsOn: '2099-05-01T00:00:00.000Z' })],
      [
        'the target family is aligner-oasis',
        () => ({ ...body(), target: { ...body().target, family: 'aligner-oasis' } }),
      ],
    ])('when %s, then 400', async (_case, payload) => {
      expect((await create(payload())).status).toBe(400);
    });

    it('when the country is sent by its name, in any case, then the notification is stored with its code', async () => {
      for (const name of [country.countryName.toUpperCase(), ` ${country.countryName.toLowerCase()}`]) {
        const res = await create({ ...body(), target: { ...body().target, country: name } });
        expect(res.status).toBe(200);
        expect(res.body.target).toEqual({ family: 'aligner', country: country.countryCode, region, city });
      }
    });

    it('when the country is neither a code nor a name of the countries list, then 400 says which forms it takes', async () => {
      const res = await create({
        ...body(),
        target: { family: 'all', country: 'Atlantis', region: null, city: null },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('unknown_place');
      expect(res.body.details).toHaveLength(1);
      expect(res.body.details[0].path).toBe('target.country');
      expect(res.body.details[0].message).toMatch(
        /^no units are in Atlantis: give the code or the name of a country of \/read\/aligner_countries\/v1, in any case \(e\.g\. '[A-Z]+' or '.+'\)$/,
      );
    });

    it('when support creates a notification, then 403; support may read the table', async () => {
      expect((await t.as('support').post('/create/notification/v1/').send(body())).status).toBe(403);
      expect(
        (await t.http.get('/read/notifications/v1/').set(bearer(await t.tokenFor('guest')))).status,
      ).toBe(200);
    });
  });
});
