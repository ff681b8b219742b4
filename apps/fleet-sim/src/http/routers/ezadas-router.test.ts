import type { Fixture, Target } from '@equipment-dashboard/contract';
import { PAGE_SIZE } from '@equipment-dashboard/domain';
import { bearer } from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';

describe('EZ ADAS fixtures and targets (back-office §2.8, §5, §7.5, §8)', () => {
  const t = useTestServer({ users: ['ezadas', 'engineer'] });

  const post = (path: string, body: object, token = t.token('ezadas')) =>
    t.http.post(path).set(bearer(token)).send(body);
  const fixtures = async (query: Record<string, string> = {}) =>
    (await t.as('ezadas').get('/api/v1/ez_get_fixtures/').query(query)).body as {
      docs: Fixture[];
      totalDocs: number;
    };

  describe('fixtures', () => {
    it('when the list is read, then fixtures come 10 a page by serial number, expiries as M/D/YYYY or N/A', async () => {
      const list = await fixtures();
      expect(list.docs).toHaveLength(PAGE_SIZE);
      const serials = list.docs.map((f) => f.serialNumber);
      expect([...serials].sort()).toEqual(serials);
      for (const fixture of list.docs)
        expect(fixture.subscriptionExpires).toMatch(/^(\d{1,2}\/\d{1,2}\/\d{4}|N\/A)$/);
      const prefix = serials[0]?.slice(0, 4).toLowerCase() ?? '';
      const filtered = await fixtures({ filterSerialNumber: prefix });
      expect(filtered.docs.every((f) => f.serialNumber.toLowerCase().startsWith(prefix))).toBe(true);
    });

    it('when a fixture is created, then 201; created again, then 200 with the stored fixture', async () => {
      const created = await post('/api/v1/create_ez_fixture', { serialNumber: 'ez99test1' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        serialNumber: 'EZ99TEST1',
        activationCount: 0,
        subscriptionPackage: 'Included',
        subscriptionExpires: 'N/A',
      });
      const again = await post('/api/v1/create_ez_fixture', { serialNumber: 'EZ99TEST1' });
      expect(again.status).toBe(200);
      expect(again.body.createdAt).toBe(created.body.createdAt);
    });

    it('when a fixture without activations is reset, then 204; with activations, then 200 and the count is 0', async () => {
      expect((await post('/api/v1/reset_ez_fixture', { serialNumber: 'EZ99TEST1' })).status).toBe(204);
      const used =
        (await fixtures()).docs.find((f) => f.activationCount > 0) ??
        (await fixtures({ page: '2' })).docs.find((f) => f.activationCount > 0);
      if (!used) throw new Error('no fixture with activations in the demo world');
      const reset = await post('/api/v1/reset_ez_fixture', { serialNumber: used.serialNumber });
      expect(reset.status).toBe(200);
      expect(reset.body.activationCount).toBe(0);
      expect((await post('/api/v1/reset_ez_fixture', { serialNumber: 'NOPE0000' })).status).toBe(404);
    });

    it('when a subscription is set, then the package and M/D/YYYY expiry are stored; Included clears the date; an unknown fixture is 404', async () => {
      const limited = await post('/api/v1/ez_create_subscription', {
        serialNumber: 'EZ99TEST1',
        package: 1,
        month: 3,
        day: 9,
        year: 2031,
      });
      expect(limited.status).toBe(200);
      expect(limited.body).toMatchObject({ subscriptionPackage: 'Limited', subscriptionExpires: '3/9/2031' });
      const premium = await post('/api/v1/ez_create_subscription', {
        serialNumber: 'ez99test1',
        package: 4,
        month: 12,
        day: 31,
        year: 2030,
      });
      expect(premium.body).toMatchObject({
        subscriptionPackage: 'Premium + VAG',
        subscriptionExpires: '12/31/2030',
      });
      const included = await post('/api/v1/ez_create_subscription', {
        serialNumber: 'EZ99TEST1',
        package: 0,
        month: 12,
        day: 21,
        year: 2078,
      });
      expect(included.body).toMatchObject({ subscriptionPackage: 'Included', subscriptionExpires: 'N/A' });
      expect(
        (await post('/api/v1/ez_create_subscription', { serialNumber: 'NOPE0000', package: 0 })).status,
      ).toBe(404);
    });

    it('when the package is not 0, 1 or 4, the date is missing, or the day does not exist, then 400', async () => {
      expect(
        (
          await post('/api/v1/ez_create_subscription', {
            serialNumber: 'EZ99TEST1',
            package: 2,
            month: 1,
            day: 1,
            year: 2030,
          })
        ).status,
      ).toBe(400);
      expect(
        (await post('/api/v1/ez_create_subscription', { serialNumber: 'EZ99TEST1', package: 1 })).status,
      ).toBe(400);
      const feb30 = await post('/api/v1/ez_create_subscription', {
        serialNumber: 'EZ99TEST1',
        package: 1,
        month: 2,
        day: 30,
        year: 2030,
      });
      expect(feb30.status).toBe(400);
      expect(feb30.body.code).toBe('invalid_date');
    });

    it('when a fixture is deleted, then it is gone; deleting it again is 404', async () => {
      const res = await post('/api/v1/delete_ez_fixture', { serialNumber: 'EZ99TEST1' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ serialNumber: 'EZ99TEST1', deleted: true });
      expect((await fixtures({ filterSerialNumber: 'EZ99TEST1' })).totalDocs).toBe(0);
      expect((await post('/api/v1/delete_ez_fixture', { serialNumber: 'EZ99TEST1' })).status).toBe(404);
    });

    it('when support (no EZ ADAS) calls, then 403; support_lvl2 may manage fixtures', async () => {
      const support = await t.tokenFor('support');
      expect((await t.http.get('/api/v1/ez_get_fixtures/').set(bearer(support))).status).toBe(403);
      expect((await post('/api/v1/create_ez_fixture', { serialNumber: 'EZ99TEST2' }, support)).status).toBe(
        403,
      );
      expect(
        (
          await post(
            '/api/v1/create_ez_fixture',
            { serialNumber: 'EZ99TEST2' },
            await t.tokenFor('support_lvl2'),
          )
        ).status,
      ).toBe(201);
    });
  });

  describe('targets', () => {
    const target = {
      packageIndex: 1,
      packageName: 'Limited',
      targetId: 4242,
      targetName: 'Test Radar Reflector',
    };

    it('when the list is read, then targets come 10 a page by name', async () => {
      const res = await t.as('ezadas').get('/api/v1/ez_get_targets/');
      expect(res.status).toBe(200);
      const names = res.body.docs.map((x: Target) => x.targetName);
      expect(names).toHaveLength(PAGE_SIZE);
      expect([...names].sort()).toEqual(names);
    });

    it('when an engineer creates a target, then 201; the same name again is 409', async () => {
      const res = await post('/api/v1/create_ez_target', target, t.token('engineer'));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject(target);
      expect((await post('/api/v1/create_ez_target', target, t.token('engineer'))).status).toBe(409);
    });

    it('when a target is updated, then 200 with the new package; an unknown name is 404', async () => {
      const res = await post(
        '/api/v1/update_ez_target',
        { ...target, packageIndex: 4, packageName: 'Premium + VAG' },
        t.token('engineer'),
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        targetName: target.targetName,
        packageIndex: 4,
        packageName: 'Premium + VAG',
      });
      expect(
        (await post('/api/v1/update_ez_target', { ...target, targetName: 'Nothing' }, t.token('engineer')))
          .status,
      ).toBe(404);
    });

    it('when the package name does not match its index, or the target ID is negative, then 400', async () => {
      expect(
        (
          await post(
            '/api/v1/create_ez_target',
            { ...target, targetName: 'X', packageName: 'Included' },
            t.token('engineer'),
          )
        ).status,
      ).toBe(400);
      expect(
        (
          await post(
            '/api/v1/create_ez_target',
            { ...target, targetName: 'X', targetId: -1 },
            t.token('engineer'),
          )
        ).status,
      ).toBe(400);
    });

    it('when a target is deleted, then it is gone; again is 404', async () => {
      const res = await post(
        '/api/v1/delete_ez_target',
        { targetName: target.targetName },
        t.token('engineer'),
      );
      expect(res.body).toEqual({ targetName: target.targetName, deleted: true });
      expect(
        (await post('/api/v1/delete_ez_target', { targetName: target.targetName }, t.token('engineer')))
          .status,
      ).toBe(404);
    });

    it('when the ezadas role creates, edits or deletes a target, then 403', async () => {
      expect((await post('/api/v1/create_ez_target', target)).status).toBe(403);
      expect((await post('/api/v1/update_ez_target', target)).status).toBe(403);
      expect((await post('/api/v1/delete_ez_target', { targetName: 'x' })).status).toBe(403);
    });
  });
});
