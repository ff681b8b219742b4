import { UPDATE_FAILED_STATE } from '@equipment-dashboard/domain';
import { eq } from 'drizzle-orm';
import { isPending } from '../../fleet/desired-state';
import { connect, disconnect } from '../../fleet/simulation';
import { IDLE_STATE, type UnitRuntime } from '../../fleet/unit-runtime';
import { rollouts, rolloutUnits, silences, ticketComments, tickets } from '../../store/schema';
import { alertsOfRule, createRule, evaluate, historyOf, outboxOf } from '../../test/alert-helpers';
import { changeUnit, engineOf, setService, setSpeed, stepClock } from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('alert evaluator: connected share, services, failed updates, paused rollouts, unanswered tickets', () => {
  const t = useTestServer({ users: ['engineer', 'support'] });
  const taken = new Set<string>();

  beforeAll(async () => {
    await setSpeed(t, 0);
  });

  const now = () => t.server.deps.clock.now();
  const db = () => t.server.deps.db;
  /** A unit no other test of this file uses: idle, nothing staged. */
  const freshUnit = (): UnitRuntime => {
    const unit = [...engineOf(t).state.units.values()].find(
      (u) =>
        !taken.has(u.serialNumber) &&
        u.family === 'aligner' &&
        !u.flow &&
        !isPending(u.desired, u.stagedRevDone) &&
        u.idleState !== UPDATE_FAILED_STATE,
    );
    if (!unit) throw new Error('no unit left');
    taken.add(unit.serialNumber);
    return unit;
  };
  const setConnected = (unit: UnitRuntime, connected: boolean) =>
    changeUnit(t, unit, (u) =>
      connected
        ? connect(u, engineOf(t).rng, engineOf(t).clock.now())
        : disconnect(u, engineOf(t).clock.now()),
    );
  const serials = (...units: UnitRuntime[]) => ({
    kind: 'serials',
    serials: units.map((u) => u.serialNumber),
  });
  const insertRollout = async (state: string, pauseReason: string | null) => {
    const [row] = await db()
      .insert(rollouts)
      .values({
        name: `rollout ${pauseReason ?? state}`,
        family: 'aligner',
        version: '9.9.9',
        path: '/updates/x',
        target: { kind: 'filters', filters: {} },
        phases: [100],
        failureThreshold: 0.05,
        successThreshold: 0.95,
        state,
        pauseReason,
        createdBy: 'engineer',
        updatedAt: new Date(now()),
      })
      .returning();
    if (!row) throw new Error('no rollout');
    return row;
  };

  it('when the share of a scope’s units connected stays below the threshold, then one alert fires for the scope, and resolves once enough are back', async () => {
    const [a, b] = [freshUnit(), freshUnit()];
    await setConnected(a, true);
    await setConnected(b, true);
    const rule = await createRule(t, {
      name: 'share',
      kind: 'connectedShare',
      threshold: 75,
      forMinutes: 3,
      scope: serials(a, b),
    });
    await evaluate(t);
    expect(await alertsOfRule(t, rule.id)).toEqual([]);
    await setConnected(b, false);
    await evaluate(t);
    expect((await alertsOfRule(t, rule.id)).map((x) => [x.state, x.subject])).toEqual([
      ['pending', { connectedPercent: 50 }],
    ]);
    await stepClock(t, 4 * MINUTE);
    await evaluate(t);
    const [firing] = await alertsOfRule(t, rule.id);
    expect(firing).toMatchObject({
      state: 'firing',
      kind: 'connectedShare',
      summary: '50% of 2 units connected in share (below 75%)',
    });
    await setConnected(b, true);
    await evaluate(t);
    expect((await alertsOfRule(t, rule.id)).map((x) => x.state)).toEqual(['resolved']);
    expect(await outboxOf(t, firing?.id ?? 0)).toEqual(['firing', 'resolved']);
  });

  it('when a service stays down past the pending period, then its alert fires (or is silenced by a planned restart, saying so), and resolves when it is up', async () => {
    const rule = await createRule(t, { name: 'services', kind: 'serviceDown', forMinutes: 2 });
    await setService(t, 'radar', false);
    await evaluate(t);
    expect((await alertsOfRule(t, rule.id)).map((x) => [x.state, x.subject])).toEqual([
      ['pending', { service: 'radar' }],
    ]);
    await stepClock(t, 3 * MINUTE);
    await evaluate(t);
    expect((await alertsOfRule(t, rule.id))[0]).toMatchObject({
      state: 'firing',
      summary: 'Service radar (radar) down',
    });
    await setService(t, 'radar', true);
    await evaluate(t);
    expect((await alertsOfRule(t, rule.id))[0]).toMatchObject({
      state: 'resolved',
      resolvedBy: 'condition cleared',
    });

    const at = new Date(now());
    await db()
      .insert(silences)
      .values({
        matcher: { services: ['cameraCal'] },
        startsAt: at,
        endsAt: new Date(at.getTime() + HOUR),
        reason: 'Planned: restart of cameraCal from the dashboard by admin',
        createdBy: 'system',
        createdAt: at,
      });
    await setService(t, 'cameraCal', false);
    await evaluate(t);
    await stepClock(t, 3 * MINUTE);
    await evaluate(t);
    const planned = (await alertsOfRule(t, rule.id)).find((x) => x.subject.service === 'cameraCal');
    expect(planned).toMatchObject({
      state: 'silenced',
      cause: 'Planned: restart of cameraCal from the dashboard by admin',
    });
    expect(await outboxOf(t, planned?.id ?? 0)).toEqual([]);
    await setService(t, 'cameraCal', true);
    await evaluate(t);
  });

  it('when a unit of the scope ends an update in failure, then its alert fires; a unit failed before the rule does not; it resolves once the unit moves on', async () => {
    const [before, later] = [freshUnit(), freshUnit()];
    await changeUnit(t, before, (u) => (u.idleState = UPDATE_FAILED_STATE));
    await evaluate(t);
    const rule = await createRule(t, {
      name: 'failed updates',
      kind: 'updateFailed',
      forMinutes: 0,
      scope: serials(before, later),
    });
    await evaluate(t);
    await changeUnit(t, before, (u) => (u.alignmentCount += 1));
    await changeUnit(t, later, (u) => (u.idleState = UPDATE_FAILED_STATE));
    await evaluate(t);
    const alerts = await alertsOfRule(t, rule.id);
    expect(alerts.map((x) => [x.subject.serialNumber, x.state])).toEqual([[later.serialNumber, 'firing']]);
    await changeUnit(t, later, (u) => (u.idleState = IDLE_STATE));
    await evaluate(t);
    expect((await alertsOfRule(t, rule.id))[0]).toMatchObject({
      state: 'resolved',
      resolvedBy: 'condition cleared',
    });
  });

  it('when a rollout’s unit fails or times out, then the unit’s updateFailed alert fires once, naming the rollout', async () => {
    const unit = freshUnit();
    const rule = await createRule(t, {
      name: 'rollout failures',
      kind: 'updateFailed',
      forMinutes: 0,
      scope: { kind: 'fleet' },
    });
    await evaluate(t);
    const rollout = await insertRollout('paused', 'Paused by engineer.');
    await stepClock(t, 1_000);
    await db()
      .insert(rolloutUnits)
      .values({
        rolloutId: rollout.id,
        serialNumber: unit.serialNumber,
        phase: 0,
        state: 'failed',
        reason: 'timed out',
        updatedAt: new Date(now()),
      });
    await evaluate(t);
    await evaluate(t);
    const alerts = await alertsOfRule(t, rule.id);
    expect(alerts.filter((x) => x.subject.serialNumber === unit.serialNumber)).toEqual([
      expect.objectContaining({
        state: 'firing',
        subject: expect.objectContaining({ rolloutId: rollout.id }),
        summary: `Update failed on ${unit.serialNumber} in rollout ${rollout.id}: timed out`,
      }),
    ]);
  });

  it('when a rollout pauses itself, then its alert fires; paused by hand, none; resumed, it resolves', async () => {
    const rule = await createRule(t, { name: 'paused rollouts', kind: 'rolloutPaused', forMinutes: 0 });
    const itself = await insertRollout(
      'paused',
      'Phase 2: 3 of 18 units failed or timed out (17%), above the failure threshold of 5%.',
    );
    await insertRollout('paused', 'Paused by engineer.');
    await evaluate(t);
    const alerts = await alertsOfRule(t, rule.id);
    expect(alerts.map((x) => [x.subject.rolloutId, x.state])).toEqual([[itself.id, 'firing']]);
    await db()
      .update(rollouts)
      .set({ state: 'running', pauseReason: null })
      .where(eq(rollouts.id, itself.id));
    await evaluate(t);
    expect((await alertsOfRule(t, rule.id))[0]).toMatchObject({
      state: 'resolved',
      resolvedBy: 'condition cleared',
    });
  });

  it('when an escalated ticket stays open without a comment for more than the hours, then its alert fires; a comment clears it', async () => {
    const unit = freshUnit();
    const rule = await createRule(t, {
      name: 'tickets',
      kind: 'ticketsUnanswered',
      threshold: 4,
      forMinutes: 0,
    });
    const [ticket] = await db()
      .insert(tickets)
      .values({
        serialNumber: unit.serialNumber,
        status: 'open',
        escalated: true,
        issuerUsername: 'support',
        createdAt: new Date(now() - 3 * HOUR),
      })
      .returning();
    await evaluate(t);
    expect((await alertsOfRule(t, rule.id)).filter((x) => x.subject.ticketId === ticket?.id)).toEqual([]);
    await stepClock(t, 2 * HOUR);
    await evaluate(t);
    const [alert] = (await alertsOfRule(t, rule.id)).filter((x) => x.subject.ticketId === ticket?.id);
    expect(alert).toMatchObject({
      state: 'firing',
      subject: { ticketId: ticket?.id, serialNumber: unit.serialNumber },
    });
    await db()
      .insert(ticketComments)
      .values({
        ticketId: ticket?.id ?? 0,
        authorUsername: 'support',
        text: 'Called the customer',
        createdAt: new Date(now()),
      });
    await evaluate(t);
    expect(await historyOf(t, alert?.id ?? 0)).toEqual([
      '->firing condition holds',
      'firing>resolved condition cleared',
    ]);
  });
});
