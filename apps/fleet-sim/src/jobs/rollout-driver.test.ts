import { rolloutDetailSchema, type RolloutDetail } from '@equipment-dashboard/contract';
import { UPDATE_FAILED_STATE } from '@equipment-dashboard/domain';
import { driveRollouts } from './rollout-driver';
import { connect } from '../fleet/simulation';
import type { UnitRuntime } from '../fleet/unit-runtime';
import {
  engineOf,
  latestOf,
  setFleetSettings,
  setSpeed,
  stageableTo,
  stepClock,
} from '../test/fleet-helpers';
import { useTestServer } from '../test/test-server';

const MINUTE = 60_000;

/**
 * The simulator and the rollout driver on a stepped clock: units fail installs at the scenario's
 * `failureRates.update`, hung downloads time out, and a phase whose failures cross the threshold pauses the
 * rollout by itself.
 */
describe('a rollout on the simulated fleet', () => {
  const t = useTestServer({ users: ['engineer'] });
  let pool: UnitRuntime[];
  beforeAll(async () => {
    await setSpeed(t, 0);
    const engine = engineOf(t);
    pool = [...engine.state.units.values()].filter(stageableTo('aligner', latestOf(t, 'aligner'), '5.'));
    for (const unit of pool)
      if (!unit.connected) engine.change(unit, (u) => connect(u, engine.rng, engine.clock.now()));
  });

  const read = async (id: number): Promise<RolloutDetail> =>
    rolloutDetailSchema.parse((await t.as('engineer').get('/read/rollout/v1').query({ id })).body);
  const create = async (units: UnitRuntime[], phases: number[]) => {
    const csv = units.map((u) => u.serialNumber).join('\n');
    const res = await t
      .as('engineer')
      .post('/create/rollout/v1')
      .send({
        name: `rollout of ${units.length}`,
        family: 'aligner',
        version: latestOf(t, 'aligner'),
        target: { kind: 'csv', csv },
        phases,
      });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  /** Steps the clock `minutes` at a time, the driver running after each step, until `done` or `limit` steps. */
  const playUntil = async (
    id: number,
    done: (r: RolloutDetail) => boolean,
    minutes = 15,
    limit = 40,
  ): Promise<RolloutDetail> => {
    for (let i = 0; i < limit; i++) {
      await driveRollouts(t.server.deps);
      const now = await read(id);
      if (done(now)) return now;
      await stepClock(t, minutes * MINUTE);
    }
    throw new Error(`rollout ${id} did not get there: ${JSON.stringify(await read(id)).slice(0, 400)}`);
  };

  it('when installs start failing in the second phase, then its failures cross the threshold and the rollout pauses itself', async () => {
    const units = pool.slice(0, 20);
    expect(units).toHaveLength(20);
    const id = await create(units, [10, 100]);

    // Phase 1 (2 units) installs cleanly; phase 2 starts by itself.
    const second = await playUntil(id, (r) => r.currentPhase === 1);
    expect(second.state).toBe('running');
    expect(second.phases[0]?.counts).toMatchObject({ done: 2, failed: 0 });

    await setFleetSettings(t, { failureRates: { update: 1 } });
    const paused = await playUntil(id, (r) => r.state !== 'running');
    expect(paused.state).toBe('paused');
    expect(paused.pauseReason).toMatch(
      /^Phase 2: \d+ of 18 units failed or timed out .*above the failure threshold of 5%/,
    );
    expect(paused.failedUnits.length).toBeGreaterThan(0);
    expect(paused.failedUnits[0]).toMatchObject({
      phase: 1,
      lastState: UPDATE_FAILED_STATE,
      reason: 'the update failed on the unit',
    });
    const failed = engineOf(t).get(paused.failedUnits[0]?.serialNumber ?? '');
    expect(failed?.versionSemantic).not.toBe(latestOf(t, 'aligner'));
    expect(failed?.idleState).toBe(UPDATE_FAILED_STATE);
    await setFleetSettings(t, { failureRates: {} });
  });

  it('when a download hangs, then after the time-out the unit counts as failed (timed out) and the phase pauses', async () => {
    const units = pool.slice(20, 30);
    expect(units).toHaveLength(10);
    const id = await create(units, [100]);
    await driveRollouts(t.server.deps);
    const hung = units[0] as UnitRuntime;
    engineOf(t).change(hung, (u) => {
      if (u.flow) u.flow.hung = true;
    });
    const paused = await playUntil(id, (r) => r.state !== 'running', 20, 30);
    expect(paused.state).toBe('paused');
    expect(paused.failedUnits).toEqual([
      expect.objectContaining({
        serialNumber: hung.serialNumber,
        reason: 'timed out',
        lastState: 'DOWNLOADING',
      }),
    ]);
    expect(paused.phases[0]?.counts).toMatchObject({ done: 9, failed: 1 });
  });
});
