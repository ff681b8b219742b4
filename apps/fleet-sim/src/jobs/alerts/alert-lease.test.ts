import { disconnect } from '../../fleet/simulation';
import { alertsOfRule, createRule, evaluate, evaluatorOf, outboxOf } from '../../test/alert-helpers';
import { changeUnit, engineOf, reconnect, setSpeed, stepClock } from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';
import { AlertEvaluator } from './alert-evaluator';

describe('alert evaluators of several processes: one lease holder', () => {
  const t = useTestServer({ users: ['engineer'] });

  beforeAll(async () => {
    await setSpeed(t, 0);
  });

  it('when two evaluators look, then each change happens once; when the holder stops, the other takes over from the store without a second alert', async () => {
    const engine = engineOf(t);
    const unit = [...engine.state.units.values()].find((u) => u.connected && u.family === 'aligner');
    if (!unit) throw new Error('no connected aligner');
    const other = new AlertEvaluator(t.server.deps, { holder: 'the other API process', everyMs: 60_000 });
    try {
      const rule = await createRule(t, {
        name: 'two processes',
        forMinutes: 0,
        scope: { kind: 'serials', serials: [unit.serialNumber] },
      });
      await stepClock(t, 1_000);
      await changeUnit(t, unit, (u) => disconnect(u, engine.clock.now()));
      await Promise.all([evaluate(t), other.evaluateNow(), evaluate(t), other.evaluateNow()]);
      expect(other.isHolder).toBe(false);
      const [alert] = await alertsOfRule(t, rule.id);
      expect((await alertsOfRule(t, rule.id)).map((a) => a.state)).toEqual(['firing']);
      expect(await outboxOf(t, alert?.id ?? 0)).toEqual(['firing']);

      // The holder stops (its lease is given up): the other takes over at its next look, from the store.
      await evaluatorOf(t).stop();
      other.start();
      await other.evaluateNow();
      expect(other.isHolder).toBe(true);
      expect(other.stats.takeovers).toBe(1);
      expect(other.stats.openAlerts).toBeGreaterThanOrEqual(1);
      await other.evaluateNow();
      expect((await alertsOfRule(t, rule.id)).map((a) => a.state)).toEqual(['firing']);

      await reconnect(t, unit);
      await other.evaluateNow();
      expect((await alertsOfRule(t, rule.id)).map((a) => [a.id, a.state, a.resolvedBy])).toEqual([
        [alert?.id, 'resolved', 'condition cleared'],
      ]);
      expect(await outboxOf(t, alert?.id ?? 0)).toEqual(['firing', 'resolved']);
    } finally {
      await other.stop();
    }
  });
});
