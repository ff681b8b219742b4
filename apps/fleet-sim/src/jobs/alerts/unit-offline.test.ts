import { eq } from 'drizzle-orm';
import { connect, disconnect } from '../../fleet/simulation';
import type { UnitRuntime } from '../../fleet/unit-runtime';
import { unitHistory } from '../../store/schema';
import {
  alertsOfRule,
  createRule,
  evaluate,
  evaluatorOf,
  historyOf,
  outboxOf,
  updateRule,
} from '../../test/alert-helpers';
import { changeUnit, engineOf, setSpeed, stepClock } from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';

const MINUTE = 60_000;

describe('alert evaluator: unit offline, on the stepped clock', () => {
  const t = useTestServer({ users: ['engineer', 'support'] });
  const taken = new Set<string>();

  beforeAll(async () => {
    await setSpeed(t, 0);
  });

  /** A unit no other test of this file uses, connected or not as asked. */
  const freshUnit = async (connected: boolean): Promise<UnitRuntime> => {
    const engine = engineOf(t);
    const unit = [...engine.state.units.values()].find(
      (u) => !taken.has(u.serialNumber) && u.family === 'aligner',
    );
    if (!unit) throw new Error('no unit left');
    taken.add(unit.serialNumber);
    if (unit.connected !== connected)
      await changeUnit(t, unit, (u) =>
        connected ? connect(u, engine.rng, engine.clock.now()) : disconnect(u, engine.clock.now()),
      );
    return unit;
  };
  const drop = (unit: UnitRuntime) => changeUnit(t, unit, (u) => disconnect(u, engineOf(t).clock.now()));
  const back = (unit: UnitRuntime) =>
    changeUnit(t, unit, (u) => connect(u, engineOf(t).rng, engineOf(t).clock.now()));
  const serials = (...units: UnitRuntime[]) => ({
    kind: 'serials',
    serials: units.map((u) => u.serialNumber),
  });

  it('when a unit drops and stays offline, then its alert is pending for the pending period, then fires (outbox), and resolves by itself when the unit is back', async () => {
    const unit = await freshUnit(true);
    const rule = await createRule(t, { name: 'offline 5 min', forMinutes: 5, scope: serials(unit) });
    await stepClock(t, 1_000);
    await evaluate(t);
    expect(await alertsOfRule(t, rule.id)).toEqual([]);

    await drop(unit);
    await evaluate(t);
    const [pending] = await alertsOfRule(t, rule.id);
    expect(pending).toMatchObject({
      state: 'pending',
      kind: 'unitOffline',
      subject: { serialNumber: unit.serialNumber, family: 'aligner' },
      firedAt: null,
    });

    await stepClock(t, 4 * MINUTE);
    await evaluate(t);
    expect((await alertsOfRule(t, rule.id))[0]?.state).toBe('pending');

    await stepClock(t, 2 * MINUTE);
    await evaluate(t);
    const [fired] = await alertsOfRule(t, rule.id);
    expect(fired).toMatchObject({ id: pending?.id, state: 'firing', firedAt: expect.any(String) });
    expect(await outboxOf(t, fired?.id ?? 0)).toEqual(['firing']);

    await back(unit);
    await evaluate(t);
    const [resolved] = await alertsOfRule(t, rule.id);
    expect(resolved).toMatchObject({ id: pending?.id, state: 'resolved', resolvedBy: 'condition cleared' });
    expect(await outboxOf(t, resolved?.id ?? 0)).toEqual(['firing', 'resolved']);
    expect(await historyOf(t, resolved?.id ?? 0)).toEqual([
      '->pending condition holds',
      'pending>firing pending period over',
      'firing>resolved condition cleared',
    ]);
    const timeline = await t.server.deps.db
      .select()
      .from(unitHistory)
      .where(eq(unitHistory.serialNumber, unit.serialNumber));
    expect(timeline.filter((e) => e.kind === 'alert').map((e) => e.summary)).toEqual([
      'Alert offline 5 min firing',
      'Alert offline 5 min resolved: condition cleared',
    ]);
  });

  it('when a unit comes back inside the pending period, then its pending alert resolves without a notification', async () => {
    const unit = await freshUnit(true);
    const rule = await createRule(t, { name: 'short outage', forMinutes: 10, scope: serials(unit) });
    await stepClock(t, 1_000);
    await drop(unit);
    await evaluate(t);
    await stepClock(t, 3 * MINUTE);
    await back(unit);
    await evaluate(t);
    const [alert] = await alertsOfRule(t, rule.id);
    expect(alert).toMatchObject({ state: 'resolved', resolvedBy: 'condition cleared', firedAt: null });
    expect(await outboxOf(t, alert?.id ?? 0)).toEqual([]);
  });

  it('when units were offline before the rule, then they fire only with includeAlreadyOffline; a unit that drops after it fires either way', async () => {
    const old = await freshUnit(false);
    const later = await freshUnit(true);
    await stepClock(t, 1_000);
    const strict = await createRule(t, { name: 'new outages', forMinutes: 1, scope: serials(old, later) });
    const wide = await createRule(t, {
      name: 'all outages',
      forMinutes: 1,
      includeAlreadyOffline: true,
      scope: serials(old, later),
    });
    await stepClock(t, 1_000);
    await drop(later);
    await evaluate(t);
    await stepClock(t, 2 * MINUTE);
    await evaluate(t);
    const bySerial = async (ruleId: number) =>
      Object.fromEntries((await alertsOfRule(t, ruleId)).map((a) => [a.subject.serialNumber, a.state]));
    expect(await bySerial(strict.id)).toEqual({ [later.serialNumber]: 'firing' });
    expect(await bySerial(wide.id)).toEqual({ [later.serialNumber]: 'firing', [old.serialNumber]: 'firing' });
  });

  it('when a pending unit comes back and drops again between two looks, then its one open alert starts its pending period again', async () => {
    const unit = await freshUnit(true);
    const rule = await createRule(t, { name: 'one open alert', forMinutes: 5, scope: serials(unit) });
    await stepClock(t, 1_000);
    await drop(unit);
    await evaluate(t);
    await stepClock(t, 4 * MINUTE);
    await back(unit);
    await drop(unit);
    await evaluate(t);
    await stepClock(t, 2 * MINUTE);
    await evaluate(t);
    const alerts = await alertsOfRule(t, rule.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.state).toBe('pending');
    await stepClock(t, 4 * MINUTE);
    await evaluate(t);
    expect((await alertsOfRule(t, rule.id)).map((a) => a.state)).toEqual(['firing']);
  });

  it('when a unit drops more often than the flapping guard allows, then one flapping alert fires instead, and its offline alert waits until it settles', async () => {
    const unit = await freshUnit(true);
    const rule = await createRule(t, {
      name: 'flapping',
      forMinutes: 5,
      flapping: { drops: 2, windowMinutes: 30 },
      scope: serials(unit),
    });
    for (let i = 0; i < 3; i++) {
      await stepClock(t, MINUTE);
      await drop(unit);
      await evaluate(t);
      await stepClock(t, MINUTE);
      if (i < 2) await back(unit);
      await evaluate(t);
    }
    const alerts = await alertsOfRule(t, rule.id);
    const flap = alerts.filter((a) => a.kind === 'flapping');
    expect(flap).toHaveLength(1);
    expect(flap[0]).toMatchObject({ state: 'firing', subject: { serialNumber: unit.serialNumber } });
    expect(await outboxOf(t, flap[0]?.id ?? 0)).toEqual(['firing']);
    // The two drops before the guard tripped had short pending alerts, which never fired; the third drop made none.
    const offline = alerts.filter((a) => a.kind === 'unitOffline');
    expect(offline.map((a) => [a.state, a.resolvedBy, a.firedAt])).toEqual([
      ['resolved', 'condition cleared', null],
      ['resolved', 'condition cleared', null],
    ]);

    // Still offline: past the window the unit settles; its flapping alert resolves and its offline alert fires.
    await stepClock(t, 31 * MINUTE);
    await evaluate(t);
    const after = await alertsOfRule(t, rule.id);
    expect(after.find((a) => a.id === flap[0]?.id)).toMatchObject({
      state: 'resolved',
      resolvedBy: 'settled',
    });
    expect(after.filter((a) => a.state !== 'resolved')).toEqual([
      expect.objectContaining({ kind: 'unitOffline', state: 'firing' }),
    ]);
  });

  it('when a rule is disabled, then its open alerts resolve; a rule narrowed away from a unit resolves that unit’s alert', async () => {
    const [a, b] = [await freshUnit(true), await freshUnit(true)];
    const rule = await createRule(t, { name: 'to disable', forMinutes: 0, scope: serials(a, b) });
    await stepClock(t, 1_000);
    await drop(a);
    await drop(b);
    await evaluate(t);
    expect((await alertsOfRule(t, rule.id)).map((x) => x.state)).toEqual(['firing', 'firing']);

    await updateRule(t, rule.id, { scope: serials(a) });
    await evaluate(t);
    const narrowed = Object.fromEntries(
      (await alertsOfRule(t, rule.id)).map((x) => [x.subject.serialNumber, x]),
    );
    expect(narrowed[a.serialNumber]?.state).toBe('firing');
    expect(narrowed[b.serialNumber]).toMatchObject({ state: 'resolved', resolvedBy: 'condition cleared' });

    await updateRule(t, rule.id, { enabled: false });
    await evaluate(t);
    expect((await alertsOfRule(t, rule.id)).every((x) => x.state === 'resolved')).toBe(true);
  });

  it('when an offline unit’s change takes it out of a rule’s filters, then its alert resolves (left the scope) and the rule whose filters it entered alerts it', async () => {
    const unit = await freshUnit(true);
    // Its software version: what changes of a unit the list's filters read (a unit does not change country).
    const version = unit.versionSemantic;
    const rule = await createRule(t, {
      name: 'offline on its version',
      forMinutes: 0,
      scope: { kind: 'filters', filters: { filterSoftwareVersion: version } },
    });
    const elsewhere = await createRule(t, {
      name: 'offline on 99',
      forMinutes: 0,
      scope: { kind: 'filters', filters: { filterSoftwareVersion: '99.' } },
    });
    await stepClock(t, 1_000);
    await drop(unit);
    await evaluate(t);
    const mine = async () =>
      (await alertsOfRule(t, rule.id)).find((a) => a.subject.serialNumber === unit.serialNumber);
    expect((await mine())?.state).toBe('firing');

    try {
      await changeUnit(t, unit, (u) => {
        u.versionSemantic = '99.0.0';
      });
      await evaluate(t);
      expect(await mine()).toMatchObject({ state: 'resolved', resolvedBy: 'left the scope' });
      // On 99 now, and offline since after that rule was made: alerted there.
      expect((await alertsOfRule(t, elsewhere.id)).map((a) => [a.subject.serialNumber, a.state])).toEqual([
        [unit.serialNumber, 'firing'],
      ]);
    } finally {
      await changeUnit(t, unit, (u) => {
        u.versionSemantic = version;
      });
    }
  });

  it('when another process holds the evaluator’s lease, then this one writes nothing', async () => {
    const { AlertEvaluator } = await import('./alert-evaluator');
    const other = new AlertEvaluator(t.server.deps, { holder: 'another process' });
    await other.evaluateNow();
    expect(other.isHolder).toBe(false);
    expect(other.stats.looks).toBe(0);
    await other.stop();
    expect(evaluatorOf(t).isHolder).toBe(true);
  });
});
