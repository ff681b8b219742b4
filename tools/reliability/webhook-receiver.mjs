// A webhook receiver on loopback for the reliability harnesses: it answers 200 to every delivery and keeps what it
// got, or holds the next delivery open without answering and tells the harness (which kills the sender then).
import { createServer } from 'node:http';

const DELIVERY_HEADER = 'x-equipment-dashboard-delivery';
const EVENT_HEADER = 'x-equipment-dashboard-event';

export class WebhookReceiver {
  constructor() {
    /** Every request, in order: `{ delivery, event, at, answered }` (answered: 200, or null while held). */
    this.got = [];
    this.server = null;
    this.url = '';
    this.holding = null;
    this.cancel = null;
    this.waiters = new Set();
  }

  async listen() {
    this.server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const entry = {
          delivery: String(req.headers[DELIVERY_HEADER] ?? ''),
          event: String(req.headers[EVENT_HEADER] ?? ''),
          at: performance.now(),
          answered: null,
        };
        this.got.push(entry);
        const hold = this.holding;
        if (hold) {
          // Held: no answer, ever. The sender's end of the connection goes with its process.
          hold(entry);
        } else {
          entry.answered = 200;
          res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
        }
        for (const wake of this.waiters) wake();
      });
    });
    await new Promise((ok) => this.server.listen(0, '127.0.0.1', ok));
    this.url = `http://127.0.0.1:${this.server.address().port}/hook`;
  }

  /**
   * Holds the next delivery that arrives: `onHeld(entry)` is called synchronously when its body has arrived, before
   * anything answers it. Resolves with the entry, or with null after `timeoutMs` (the hold is then dropped).
   */
  holdNext(onHeld, timeoutMs) {
    return new Promise((resolve) => {
      const finish = (entry) => {
        clearTimeout(timer);
        this.holding = null;
        this.cancel = null;
        resolve(entry);
      };
      const timer = setTimeout(() => finish(null), timeoutMs);
      this.cancel = () => finish(null);
      this.holding = (entry) => {
        onHeld(entry);
        finish(entry);
      };
    });
  }

  /** Drops a hold that nothing took (its promise resolves null). */
  cancelHold() {
    this.cancel?.();
  }

  /** The requests that carried this delivery id. */
  of(delivery) {
    return this.got.filter((g) => g.delivery === delivery);
  }

  /** Resolves true once `test()` holds (checked at each request), false after `timeoutMs`. */
  until(test, timeoutMs) {
    if (test()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (value) => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve(value);
      };
      const wake = () => {
        if (test()) done(true);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      this.waiters.add(wake);
    });
  }

  async close() {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise((ok) => this.server.close(() => ok()));
  }
}
