import { zonedDayHour } from '@equipment-dashboard/domain';
import { disconnect } from '../../fleet/simulation';
import type { UnitRuntime } from '../../fleet/unit-runtime';
import { silences } from '../../store/schema';
import { alertsOfRule, createRule, evaluate, historyOf, outboxOf } from '../../test/alert-helpers';
import { changeUnit, engineOf, reconnect, setSpeed, stepClock } from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('alert evaluator: silences, maintenance windows, reminders and escalation', () => {
  const t = useTestServer({ users: ['engineer', 'support', 'support_lvl2'] });
  const taken = new Set<string>();

  beforeAll(async () => {
    await setSpeed(t, 0);
  });

  const now = () => t.server.deps.clock.now();
  /** A connected unit no other test of this file uses. */
  const freshUnit = async (): Promise<UnitRuntime> => {
    const engine = engineOf(t);
    const unit = [...engine.state.units.values()].find(
      (u) => !taken.has(u.serialNumber) && u.family === 'gtps',
    );
    if (!unit) throw new Error('no unit left');
    taken.add(unit.serialNumber);
    if (!unit.connected) await reconnect(t, unit);
    return unit;
  };
  const drop = (unit: UnitRuntime) => changeUnit(t, unit, (u) => disconnect(u, engineOf(t).clock.now()));
  const serials = (...units: UnitRuntime[]) => ({
    kind: 'serials',
    serials: units.map((u) => u.serialNumber),
  });
  const silence = async (body: Record<string, unknown>) => {
    const res = await t
      .as('support_lvl2')
      .post('/create/silence/v1')
      .send({ endsAt: new Date(now() + 2 * HOUR).toISOString(), ...body });
    expect(res.status).toBe(201);
    return res.body as { id: number };
  };

  it('when a silence matches a firing alert, then it is silenced with the silence’s reason and notifies nobody; when the silence is expired, it fires and notifies then', async () => {
    const unit = await freshUnit();
    const rule = await createRule(t, { name: 'silenced units', forMinutes: 2, scope: serials(unit) });
    const made = await silence({
      matcher: { serials: [unit.serialNumber] },
      reason: 'Site visit: unit powered down',
    });
    await stepClock(t, 1_000);
    await drop(unit);
    await evaluate(t);
    await stepClock(t, 3 * MINUTE);
    await evaluate(t);
    const [alert] = await alertsOfRule(t, rule.id);
    expect(alert).toMatchObject({
      state: 'silenced',
      cause: 'Site visit: unit powered down',
      firedAt: expect.any(String),
    });
    expect(await outboxOf(t, alert?.id ?? 0)).toEqual([]);

    expect((await t.as('support_lvl2').post('/delete/silence/v1').send({ id: made.id })).status).toBe(200);
    await evaluate(t);
    const [after] = await alertsOfRule(t, rule.id);
    expect(after).toMatchObject({ state: 'firing', cause: 'Site visit: unit powered down' });
    expect(await outboxOf(t, after?.id ?? 0)).toEqual(['firing']);
    expect(await historyOf(t, after?.id ?? 0)).toEqual([
      '->pending condition holds',
      `pending>silenced silence ${made.id}`,
      'silenced>firing silence ended',
    ]);
  });

  it('when a firing alert’s unit is covered by a new silence, then it goes silenced at the next look', async () => {
    const unit = await freshUnit();
    const rule = await createRule(t, { name: 'silenced later', forMinutes: 0, scope: serials(unit) });
    await stepClock(t, 1_000);
    await drop(unit);
    await evaluate(t);
    expect((await alertsOfRule(t, rule.id))[0]?.state).toBe('firing');
    await silence({ matcher: { ruleId: rule.id }, reason: 'Known: customer site closed' });
    await evaluate(t);
    const [alert] = await alertsOfRule(t, rule.id);
    expect(alert).toMatchObject({ state: 'silenced', cause: 'Known: customer site closed' });
    expect(await outboxOf(t, alert?.id ?? 0)).toEqual(['firing']);
  });

  it('when a planned outage silences a country, then the alert carries the system’s reason', async () => {
    const unit = await freshUnit();
    const rule = await createRule(t, { name: 'regional', forMinutes: 1, scope: serials(unit) });
    const at = new Date(now());
    await t.server.deps.db.insert(silences).values({
      matcher: { countries: [unit.countryCode] },
      startsAt: at,
      endsAt: new Date(at.getTime() + HOUR),
      reason: 'Planned: regional outage scenario',
      createdBy: 'system',
      createdAt: at,
    });
    await stepClock(t, 1_000);
    await drop(unit);
    await evaluate(t);
    await stepClock(t, 2 * MINUTE);
    await evaluate(t);
    expect((await alertsOfRule(t, rule.id))[0]).toMatchObject({
      state: 'silenced',
      cause: 'Planned: regional outage scenario',
    });
  });

  it('when a recurring maintenance window is open, then alerts are silenced; once it closes they fire', async () => {
    const unit = await freshUnit();
    const rule = await createRule(t, { name: 'window', forMinutes: 1, scope: serials(unit) });
    const { day, hour } = zonedDayHour(now(), 'Europe/Paris');
    await silence({
      matcher: { serials: [unit.serialNumber] },
      endsAt: new Date(now() + 30 * 24 * HOUR).toISOString(),
      reason: 'Nightly maintenance',
      recurring: { days: [day], startHour: hour, endHour: (hour + 2) % 24, timeZone: 'Europe/Paris' },
    });
    await stepClock(t, 1_000);
    await drop(unit);
    await evaluate(t);
    await stepClock(t, 2 * MINUTE);
    await evaluate(t);
    const [alert] = await alertsOfRule(t, rule.id);
    expect(alert).toMatchObject({ state: 'silenced', cause: 'Nightly maintenance' });
    await stepClock(t, 3 * HOUR);
    await evaluate(t);
    expect((await alertsOfRule(t, rule.id))[0]?.state).toBe('firing');
    expect(await outboxOf(t, alert?.id ?? 0)).toEqual(['firing']);
  });

  it('when an alert fires unacknowledged, then it is reminded every N minutes and escalated once after M; acknowledged, it is reminded no more', async () => {
    const unit = await freshUnit();
    const rule = await createRule(t, {
      name: 'reminded',
      forMinutes: 0,
      remindEveryMinutes: 10,
      escalateAfterMinutes: 15,
      escalateTo: { email: ['oncall@example.com'] },
      scope: serials(unit),
    });
    await stepClock(t, 1_000);
    await drop(unit);
    await evaluate(t);
    const [alert] = await alertsOfRule(t, rule.id);
    const id = alert?.id ?? 0;
    expect(await outboxOf(t, id)).toEqual(['firing']);
    await stepClock(t, 9 * MINUTE);
    await evaluate(t);
    expect(await outboxOf(t, id)).toEqual(['firing']);
    await stepClock(t, 2 * MINUTE);
    await evaluate(t);
    expect(await outboxOf(t, id)).toEqual(['firing', 'reminder']);
    await stepClock(t, 5 * MINUTE);
    await evaluate(t);
    expect(await outboxOf(t, id)).toEqual(['firing', 'reminder', 'escalation']);
    await stepClock(t, 6 * MINUTE);
    await evaluate(t);
    expect(await outboxOf(t, id)).toEqual(['firing', 'reminder', 'escalation', 'reminder']);
    // Reminders change no state.
    expect(await historyOf(t, id)).toEqual(['->firing condition holds']);

    expect(
      (
        await t
          .as('support')
          .post('/update/alert_acknowledged/v1')
          .send({ ids: [id], comment: 'Looking' })
      ).status,
    ).toBe(200);
    await stepClock(t, HOUR);
    await evaluate(t);
    expect(await outboxOf(t, id)).toEqual(['firing', 'reminder', 'escalation', 'reminder', 'acknowledged']);
  });
});
