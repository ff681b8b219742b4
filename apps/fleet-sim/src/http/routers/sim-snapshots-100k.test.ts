import { simSnapshotSchema, worldDigestAnswerSchema } from '@equipment-dashboard/contract';
import { settle } from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';

const MINUTES = 60_000;

describe('a field-state snapshot of 100,000 units', () => {
  // A world of its own, seeded by the server's first start (the figure: exact at 100,000 units).
  const t = useTestServer({
    users: ['engineer'],
    env: { FLEET_SIZE: '100000' },
    fresh: true,
    startTimeoutMs: 10 * MINUTES,
  });
  const digest = async () =>
    worldDigestAnswerSchema.parse((await t.as('engineer').get('/sim/world_digest/v1')).body);

  it(
    'when it is saved, hung-downloads played for an hour and the snapshot restored, then the world digest is the one of the save',
    async () => {
      expect((await t.as('engineer').post('/sim/clock').send({ speed: 0 })).status).toBe(200);
      const before = await digest();
      expect(before.units).toBe(100_000);
      const res = await t.as('engineer').post('/create/sim_snapshot/v1').send({ name: '100,000 units' });
      expect(res.status).toBe(201);
      const saved = simSnapshotSchema.parse(res.body);
      expect(saved).toMatchObject({ units: 100_000, digest: before.digest });

      expect(
        (await t.as('engineer').post('/sim/scenario/apply').send({ name: 'hung-downloads' })).status,
      ).toBe(200);
      expect((await t.as('engineer').post('/sim/clock').send({ step: '1h' })).status).toBe(200);
      await settle(t);
      expect((await digest()).digest).not.toBe(saved.digest);

      const restored = await t.as('engineer').post('/sim/snapshot_restored/v1').send({ id: saved.id });
      expect(restored.status).toBe(200);
      expect(restored.body.digest).toBe(saved.digest);
      expect(await digest()).toEqual(before);
    },
    10 * MINUTES,
  );
});
