import { fleetHistorySchema, releaseComparisonSchema } from '@equipment-dashboard/contract';
import { updateFailureRateOf } from '../fleet/simulation';
import { engineOf, latestOf, setSpeed, stepClock, until } from '../test/fleet-helpers';
import { useTestServer } from '../test/test-server';

const DAY = 24 * 3_600_000;

describe('scenarios that shape the history', () => {
  const t = useTestServer({ users: ['admin', 'engineer'], env: { FLEET_HISTORY_BACKFILL: 'true' } });
  const apply = (body: Record<string, unknown>) => t.as('admin').post('/sim/scenario/apply').send(body);

  beforeAll(async () => {
    await setSpeed(t, 0);
  });

  it('when a version has its own install failure rate, then it wins over the fleet rate, a prefix matching too', () => {
    const rates = { '5.4.': 0.25, '5.4.2': 0.5, '1.*': 0.1 };
    expect(updateFailureRateOf('5.4.2', rates, 0.01)).toBe(0.5);
    expect(updateFailureRateOf('5.4.1', rates, 0.01)).toBe(0.25);
    expect(updateFailureRateOf('1.3.0', rates, 0.01)).toBe(0.1);
    expect(updateFailureRateOf('5.3.1', rates, 0.01)).toBe(0.01);
    expect(updateFailureRateOf('5.3.1', undefined, 0)).toBe(0);
  });

  it("when a release's installs fail by a scenario, then the units installing it fail and the others do not", async () => {
    const latest = latestOf(t, 'aligner');
    const [a, b] = [...engineOf(t).state.units.values()].filter(
      (u) => u.family === 'aligner' && u.connected && u.flow === null && u.versionSemantic !== latest,
    );
    if (!a || !b) throw new Error('two connected aligners are needed');
    const res = await apply({
      scenario: {
        name: 'latest-fails',
        updateFailureRates: { [latest]: 1 },
        units: [
          {
            select: { serials: [a.serialNumber] },
            set: { update: { phase: 'installing', target: 'latest' } },
          },
          {
            select: { serials: [b.serialNumber] },
            set: { update: { phase: 'installing', target: b.versionSemantic } },
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    await stepClock(t, 10 * 60_000);
    expect(a.idleState).toBe('INSTALLATION_FAILED');
    expect(a.versionSemantic).not.toBe(latest);
    expect(b.idleState).toBe('INSTALLATION_COMPLETE');
    await apply({ scenario: { name: 'latest-fixed', updateFailureRates: { [latest]: 0 } } });
  });

  it('when release-drops-more is applied, then 5.4 aligners of the last 30 days were offline twice as often and their installs failed more', async () => {
    const now = t.server.deps.clock.now();
    const query = {
      metric: 'connectedShare',
      from: new Date(now - 29 * DAY).toISOString(),
      to: new Date(now - DAY).toISOString(),
      step: 'day',
      filterFamily: 'aligner',
      filterSoftwareVersion: '5.4.',
    };
    const read = async () =>
      fleetHistorySchema.parse((await t.as('engineer').get('/read/fleet_history/v1').query(query)).body);
    // A new world's 90 days are written by the rollups job's first pass (on PostgreSQL the test server seeds its own
    // world; on PGlite the template carries them): wait for them.
    const covered = (points: (number | null)[]) => points.filter((v) => v !== null && v > 0 && v < 1).length;
    const before = await until(
      async () => (await read()).series[0]?.points.map(([, v]) => v) ?? [],
      (points) => covered(points) > 20,
      60_000,
    );
    const others = { ...query, filterSoftwareVersion: '5.3.' };
    const othersBefore = (await t.as('engineer').get('/read/fleet_history/v1').query(others)).body;

    const res = await apply({ name: 'release-drops-more' });
    expect(res.status).toBe(200);
    const after = (await read()).series[0]?.points.map(([, v]) => v) ?? [];
    expect(after).toHaveLength(before.length);
    // Days with 5.4 units online and history (a day the history does not cover has no point to double).
    const days = before.flatMap((share, i) => (share !== null && share > 0 && share < 1 ? [i] : []));
    expect(days.length).toBeGreaterThan(20);
    // Twice the offline time, but an hour cannot be more than all offline (a weekend night of a bad release).
    days.forEach((i) => {
      const ratio = (1 - (after[i] ?? 0)) / (1 - (before[i] ?? 0));
      expect(ratio).toBeGreaterThan(1.5);
      expect(ratio).toBeLessThanOrEqual(2.0001);
    });
    // Other releases' history is as it was.
    expect((await t.as('engineer').get('/read/fleet_history/v1').query(others)).body).toEqual(othersBefore);

    const comparison = releaseComparisonSchema.parse(
      (
        await t
          .as('engineer')
          .get('/read/release_comparison/v1')
          .query({ family: 'aligner', a: '5.4.2', b: '5.3.1' })
      ).body,
    );
    const [a, b] = comparison.releases;
    expect(a.offlineRate).toBeGreaterThan(b.offlineRate ?? 1);
  }, 90_000);
});
