import type { OpenAlert } from './alert-book';
import { PendingAlerts } from './pending-alerts';

const MINUTE = 60_000;

const alertOf = (serial: string, since: number): OpenAlert => ({
  id: -1,
  key: `unit:${serial}`,
  kind: 'unitOffline',
  state: 'pending',
  since,
  serialNumber: serial,
  family: 'aligner',
  service: null,
  cause: null,
  baseline: null,
  percent: null,
});

const due = (pending: PendingAlerts, now: number, forMinutes = 5) =>
  [...pending.takeDue(now, forMinutes)].map((a) => a.serialNumber);

describe("a rule's pending alerts, taken when their pending period ends", () => {
  it('when some periods ended, then those alerts are taken, the earliest first, and the others stay', () => {
    const pending = new PendingAlerts();
    pending.add(alertOf('A', 3 * MINUTE));
    pending.add(alertOf('B', 1 * MINUTE));
    pending.add(alertOf('C', 10 * MINUTE));
    expect(due(pending, 8 * MINUTE)).toEqual(['B', 'A']);
    expect(pending.size).toBe(1);
    expect(due(pending, 15 * MINUTE - 1)).toEqual([]);
    expect(due(pending, 15 * MINUTE)).toEqual(['C']);
    expect(pending.size).toBe(0);
  });

  it("when an alert's start moves, then it is due from its new start only, and once", () => {
    const pending = new PendingAlerts();
    const a = alertOf('A', 0);
    pending.add(a);
    a.since = 4 * MINUTE;
    pending.add(a);
    expect(due(pending, 5 * MINUTE)).toEqual([]);
    expect(due(pending, 9 * MINUTE)).toEqual(['A']);
    expect(due(pending, 60 * MINUTE)).toEqual([]);
  });

  it('when an alert is deleted (resolved or fired), then it is never taken', () => {
    const pending = new PendingAlerts();
    pending.add(alertOf('A', 0));
    pending.delete('unit:A');
    expect(pending.size).toBe(0);
    expect(due(pending, 60 * MINUTE)).toEqual([]);
  });

  it('when a new alert of the same subject replaces a deleted one, then only the new one is taken, at its time', () => {
    const pending = new PendingAlerts();
    pending.add(alertOf('A', 0));
    pending.delete('unit:A');
    const again = alertOf('A', 2 * MINUTE);
    pending.add(again);
    expect(due(pending, 5 * MINUTE)).toEqual([]);
    const [taken] = pending.takeDue(7 * MINUTE, 5);
    expect(taken).toBe(again);
  });

  it("when the rule's pending period changes, then the same alerts are due by the new period", () => {
    const pending = new PendingAlerts();
    pending.add(alertOf('A', 0));
    pending.add(alertOf('B', 2 * MINUTE));
    expect(due(pending, 10 * MINUTE, 30)).toEqual([]);
    expect(due(pending, 10 * MINUTE, 10)).toEqual(['A']);
    expect(due(pending, 10 * MINUTE, 1)).toEqual(['B']);
  });

  it('when starts move many times (entries passed over pile up), then every alert is still taken once, at its last start', () => {
    const pending = new PendingAlerts();
    const alerts = Array.from({ length: 10 }, (_, i) => alertOf(`U${i}`, 0));
    for (let step = 1; step <= 500; step++)
      for (const a of alerts) {
        a.since = step * 1000;
        pending.add(a);
      }
    expect(pending.size).toBe(10);
    expect(due(pending, 500_000 + 5 * MINUTE - 1)).toEqual([]);
    expect(due(pending, 500_000 + 5 * MINUTE).sort()).toEqual(alerts.map((a) => a.serialNumber).sort());
  });
});
