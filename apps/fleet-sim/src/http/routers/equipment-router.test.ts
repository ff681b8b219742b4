import { compareVersions, isAtLeast } from '@equipment-dashboard/domain';
import { bearer, engineOf, storeCount, ticketBody, unitDetail, unitWhere } from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';

describe('equipment reads and writes (console-core §7)', () => {
  // tech and ezadas have no favourites in the demo world.
  const t = useTestServer({ env: { FAVORITES_LIMIT: '3' }, users: ['support', 'tech', 'ezadas'] });

  describe('the list', () => {
    it('when page 1 is read, then 10 rows and the fleet total come back', async () => {
      const res = await t.as('support').get('/read/aligners/v1/').query({ page: 1 });
      expect(res.status).toBe(200);
      expect(res.body.docs).toHaveLength(10);
      expect(res.body.totalDocs).toBe(await storeCount(t, 'true'));
      expect(res.body.docs[0]).toEqual(
        expect.objectContaining({
          serialNumber: expect.any(String),
          softwareVersion: expect.any(String),
          geolocation: expect.any(Object),
        }),
      );
    });

    it('when filtered by family and a serial prefix, then only matching rows count', async () => {
      const gtps = await t.as('support').get('/read/aligners/v1/').query({ filterFamily: 'gtps' });
      expect(gtps.body.docs.every((d: { family: string }) => d.family === 'gtps')).toBe(true);
      const some = gtps.body.docs[0].serialNumber as string;
      const byPrefix = await t
        .as('support')
        .get('/read/aligners/v1/')
        .query({ filterSerialNumber: some.slice(0, 5).toLowerCase() });
      expect(byPrefix.body.totalDocs).toBeGreaterThanOrEqual(1);
      expect(
        byPrefix.body.docs.every((d: { serialNumber: string }) =>
          d.serialNumber.startsWith(some.slice(0, 5)),
        ),
      ).toBe(true);
    });

    it('when sorted by software version descending, then versions come newest first (not as text)', async () => {
      const res = await t
        .as('support')
        .get('/read/aligners/v1/')
        .query({ filterFamily: 'aligner', sortBy: 'softwareVersion', sortDesc: 'true' });
      const versions = res.body.docs.map(
        (d: { softwareVersion: string }) => d.softwareVersion.split(' - ')[0],
      );
      for (let i = 1; i < versions.length; i++)
        expect(compareVersions(versions[i - 1], versions[i])).toBeGreaterThanOrEqual(0);
    });

    it('when the query is malformed, then 400 with details', async () => {
      const res = await t
        .as('support')
        .get('/read/aligners/v1/')
        .query({ page: 'x', filterFamily: 'toaster' });
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(
        expect.arrayContaining(['page', 'filterFamily']),
      );
    });
  });

  describe('one unit', () => {
    it('when a serial is read in lower case, then the full unit comes with live fields', async () => {
      const unit = await unitWhere(t, (u) => u.family === 'aligner', { connected: true });
      const res = await unitDetail(t, unit.serialNumber.toLowerCase());
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        serialNumber: unit.serialNumber,
        connected: true,
        port: unit.port,
        address: unit.address,
      });
      expect(res.body.favorite).toBe(false);
    });

    it('when a serial is unknown, then 404 with the console text', async () => {
      const res = await unitDetail(t, 'NOPE12345');
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Serial number NOPE12345 not found.');
    });

    it('when a unit is disconnected, then port, address and procedure are null', async () => {
      const unit = await unitWhere(t, (u) => u.family === 'gtps', { connected: false });
      const res = await unitDetail(t, unit.serialNumber);
      expect(res.body).toMatchObject({ connected: false, port: null, address: null, currentProcedure: null });
    });

    it('when a unit below 4.3.0 is read, then it has no update status', async () => {
      const old = [...engineOf(t).state.units.values()].find(
        (u) => u.family === 'aligner' && !isAtLeast(u.versionSemantic, '4.3.0'),
      );
      if (!old) return expect(old).toBeDefined();
      const res = await unitDetail(t, old.serialNumber);
      expect(res.body.updateState).toBeNull();
    });
  });

  describe('favourites (My Radar)', () => {
    it('when a unit is added and removed, then the flag and the radar list follow', async () => {
      const unit = await unitWhere(t, (u) => u.family === 'aligner-oasis');
      const add = await t
        .as('ezadas')
        .post('/create/favorite/v1/')
        .send({ username: 'ezadas', serialNumber: unit.serialNumber });
      expect(add.status).toBe(200);
      expect(add.body.favorite).toBe(true);
      const radar = await t.as('ezadas').get('/read/favorites/v1/').query({ username: 'ezadas' });
      expect(radar.body.map((a: { serialNumber: string }) => a.serialNumber)).toEqual([unit.serialNumber]);
      const read = await unitDetail(t, unit.serialNumber, 'ezadas');
      expect(read.body.favorite).toBe(true);
      const remove = await t
        .as('ezadas')
        .post('/delete/favorite/v1/')
        .send({ username: 'ezadas', serialNumber: unit.serialNumber });
      expect(remove.body.favorite).toBe(false);
      expect((await t.as('ezadas').get('/read/favorites/v1/').query({ username: 'ezadas' })).body).toEqual(
        [],
      );
    });

    it('when the radar is full, then the server refuses with favorite_limit_exceeded', async () => {
      const units = [...engineOf(t).state.units.values()].slice(20, 30);
      const statuses: number[] = [];
      let last: { code?: string } = {};
      for (const unit of units) {
        const res = await t
          .as('tech')
          .post('/create/favorite/v1/')
          .send({ username: 'tech', serialNumber: unit.serialNumber });
        statuses.push(res.status);
        last = res.body;
      }
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.slice(3).every((s) => s === 409)).toBe(true);
      expect(last.code).toBe('favorite_limit_exceeded');
      const radar = await t.as('tech').get('/read/favorites/v1/').query({ username: 'tech' });
      expect(radar.body).toHaveLength(3);
    });

    it("when a user touches another user's radar, then 403", async () => {
      const unit = await unitWhere(t, () => true);
      const res = await t
        .as('support')
        .post('/create/favorite/v1/')
        .send({ username: 'tech', serialNumber: unit.serialNumber });
      expect(res.status).toBe(403);
    });
  });

  describe('tickets from a unit', () => {
    it('when a ticket is created, then the history holds it and the open count rises by 1', async () => {
      const unit = await unitWhere(t, (u) => u.family === 'aligner');
      const before = await unitDetail(t, unit.serialNumber);
      const created = await t
        .as('support')
        .post('/create/ticket/v1')
        .send(
          ticketBody(unit, {
            description: 'Camera does not see the targets',
            disposition: 'Owned Aligner',
            techOnSite: true,
          }),
        );
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({
        serialNumber: unit.serialNumber,
        status: 'open',
        issuerUsername: 'support',
        disposition: 'Owned Aligner',
      });
      const after = await unitDetail(t, unit.serialNumber);
      expect(after.body.openSupportTickets).toBe(before.body.openSupportTickets + 1);
      const history = await t
        .as('support')
        .get('/read/ticketHistory/v1')
        .query({ serialNumber: unit.serialNumber });
      expect(history.body[0]).toMatchObject({
        id: created.body.id,
        openedBy: 'support',
        description: 'Camera does not see the targets',
      });
    });

    it('when a ticket names another issuer, then 403', async () => {
      const unit = await unitWhere(t, () => true);
      const res = await t.as('support').post('/create/ticket/v1').send({
        issuerUsername: 'admin',
        issuerEmail: '',
        serialNumber: unit.serialNumber,
        version: '1',
        connected: false,
        family: unit.family,
        model: 'x',
      });
      expect(res.status).toBe(403);
    });
  });

  describe('delete equipment', () => {
    it('when support deletes, then 403; when an engineer deletes, then the unit is gone', async () => {
      const unit = await unitWhere(t, (u) => u.family === 'aligner' && u.serialNumber !== '');
      const serial = unit.serialNumber;
      expect(
        (await t.as('support').post('/api/v1/delete_equipment').send({ serialNumber: serial })).status,
      ).toBe(403);
      const engineer = await t.tokenFor('engineer');
      const total = await storeCount(t, 'true');
      const res = await t.http
        .post('/api/v1/delete_equipment')
        .set(bearer(engineer))
        .send({ serialNumber: serial });
      expect(res.status).toBe(200);
      expect(await storeCount(t, 'true')).toBe(total - 1);
      expect((await t.http.get('/read/aligners/v1/').set(bearer(engineer))).body.totalDocs).toBe(total - 1);
      expect(engineOf(t).get(serial)).toBeUndefined();
      expect(
        (
          await t.http
            .get('/read/aligner/v1/')
            .query({ serialNumber: serial, username: 'engineer' })
            .set(bearer(engineer))
        ).status,
      ).toBe(404);
      expect(
        (await t.http.post('/api/v1/delete_equipment').set(bearer(engineer)).send({ serialNumber: serial }))
          .status,
      ).toBe(404);
    });
  });

  it('when the demo port is read, then a port number comes back', async () => {
    const res = await t.as('support').get('/read/demo_port/v1');
    expect(res.body.port).toEqual(expect.any(Number));
  });
});
