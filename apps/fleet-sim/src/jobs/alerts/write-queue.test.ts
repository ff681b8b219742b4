import { EMPTY_SCOPE } from '../../services/alert-scope';
import {
  AlertBook,
  RULE_FACTS_DEFAULTS,
  ruleStateOf,
  type AlertOp,
  type Holding,
  type RuleState,
} from './alert-book';
import { WriteQueue } from './write-queue';

const MINUTE = 60_000;

function offlineRule(): RuleState {
  return ruleStateOf(
    {
      ...RULE_FACTS_DEFAULTS,
      id: 7,
      name: 'Offline',
      kind: 'unitOffline',
      severity: 'major',
      forMinutes: 5,
      enabled: true,
    },
    EMPTY_SCOPE,
  );
}

const offline = (serial: string, since: number): Holding => ({
  key: `unit:${serial}`,
  since,
  subject: { serialNumber: serial },
  serialNumber: serial,
  family: 'aligner',
  summary: `Unit ${serial} offline`,
});

/** A look at `now`: what `decide` makes of the rule goes into the queue. */
function look(queue: WriteQueue, rule: RuleState, now: number, decide: (book: AlertBook) => void): void {
  const book = new AlertBook(now, () => null);
  decide(book);
  queue.add(book.ops);
}

/** What the store would hold after writing `ops`: the alerts are given ids as the writer does. */
let nextId = 1;
function written(ops: readonly AlertOp[]): string[] {
  return ops.map((op) => {
    if (op.op === 'create') {
      op.alert.id = nextId++;
      return `create ${op.alert.key} ${op.alert.state}${op.firedAt === null ? '' : ' fired'} (${op.by})`;
    }
    return `change ${op.alert.key} ${op.to ?? 'same'}`;
  });
}

describe("the alert evaluator's write queue: what staff are told of is written first", () => {
  it('when a pending alert clears before it was written, then nothing is written of it', () => {
    const queue = new WriteQueue();
    const rule = offlineRule();
    look(queue, rule, 0, (book) => book.hold(rule, offline('A', 0)));
    look(queue, rule, 10_000, (book) => book.clear(rule, 'unit:A'));
    expect(queue.size).toBe(0);
    expect(written(queue.takeUrgent())).toEqual([]);
  });

  it('when a pending alert fires before it was written, then it is written once, firing, from its start', () => {
    const queue = new WriteQueue();
    const rule = offlineRule();
    look(queue, rule, 0, (book) => book.hold(rule, offline('A', 0)));
    look(queue, rule, 5 * MINUTE, (book) => book.firePending(rule));
    const ops = queue.takeUrgent();
    expect(written(ops)).toEqual(['create unit:A firing fired (pending period over)']);
    expect(ops[0]).toMatchObject({ firedAt: 5 * MINUTE, alert: { since: 0 } });
    expect(queue.size).toBe(0);
  });

  it('when one of thousands of pending alerts not written yet fires, then the urgent writes take it alone and the others keep waiting', () => {
    const queue = new WriteQueue();
    const rule = offlineRule();
    look(queue, rule, 0, (book) => book.hold(rule, offline('A', 0)));
    look(queue, rule, MINUTE, (book) => {
      for (let i = 0; i < 5_000; i++) book.hold(rule, offline(`B${i}`, MINUTE));
    });
    look(queue, rule, 5 * MINUTE, (book) => book.firePending(rule));
    expect(written(queue.takeUrgent())).toEqual(['create unit:A firing fired (pending period over)']);
    expect(queue.size).toBe(5_000);
    expect(written(queue.takeUrgent())).toEqual([]);
    expect(queue.takeSome(10_000)).toHaveLength(5_000);
  });

  it('when firings and pending alerts wait together, then the firings are urgent and the pending ones wait, oldest changes first', () => {
    const queue = new WriteQueue();
    const rule = offlineRule();
    look(queue, rule, 0, (book) => {
      book.hold(rule, offline('A', 0));
      book.hold(rule, offline('B', 0));
    });
    expect(written(queue.takeSome(10))).toHaveLength(2);
    // A fires; B's unit came back (a pending alert resolving); C and D drop.
    look(queue, rule, 5 * MINUTE, (book) => {
      book.clear(rule, 'unit:B');
      book.hold(rule, offline('C', 5 * MINUTE));
      book.hold(rule, offline('D', 5 * MINUTE));
      book.firePending(rule);
    });
    expect(written(queue.takeUrgent())).toEqual(['change unit:A firing']);
    expect(written(queue.takeSome(2))).toEqual([
      'change unit:B resolved',
      'create unit:C pending (condition holds)',
    ]);
    expect(written(queue.takeSome(2))).toEqual(['create unit:D pending (condition holds)']);
  });

  it('when an urgent change follows changes that waited, then they are written with it, in order (a new start before the firing)', () => {
    const queue = new WriteQueue();
    const rule = offlineRule();
    look(queue, rule, 0, (book) => book.hold(rule, offline('A', 0)));
    written(queue.takeSome(10));
    look(queue, rule, MINUTE, (book) => book.hold(rule, offline('A', MINUTE)));
    look(queue, rule, 6 * MINUTE, (book) => book.firePending(rule));
    expect(written(queue.takeUrgent())).toEqual(['change unit:A same', 'change unit:A firing']);
  });

  it("when a unit's new alert fires while its earlier alert's resolution waits, then the earlier one resolves first", () => {
    const queue = new WriteQueue();
    const rule = offlineRule();
    look(queue, rule, 0, (book) => book.hold(rule, offline('A', 0)));
    written(queue.takeSome(10));
    look(queue, rule, MINUTE, (book) => book.clear(rule, 'unit:A'));
    // The rule now fires at once: the unit's next drop is urgent, its earlier pending alert's end was not.
    rule.forMinutes = 0;
    look(queue, rule, 2 * MINUTE, (book) => book.hold(rule, offline('A', 2 * MINUTE)));
    expect(written(queue.takeUrgent())).toEqual([
      'change unit:A resolved',
      'create unit:A firing fired (condition holds)',
    ]);
  });

  it('when an alert fires and resolves before it was written, then both are written, the creation first', () => {
    const queue = new WriteQueue();
    const rule = { ...offlineRule(), forMinutes: 0 };
    look(queue, rule, 0, (book) => {
      book.hold(rule, offline('A', 0));
      book.clear(rule, 'unit:A');
    });
    expect(written(queue.takeUrgent())).toEqual([
      'create unit:A firing fired (condition holds)',
      'change unit:A resolved',
    ]);
  });
});
