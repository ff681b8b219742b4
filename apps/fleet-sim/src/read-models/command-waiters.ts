import type { CommandRow } from '../store/repos/commands-repo';

const ENDED = new Set(['completed', 'failed', 'expired']);

/**
 * Calls waiting for their command's outcome: the commands feed hands over every command row it reads,
 * and a waiter resolves when its command has ended (or with null at its timeout).
 */
export class CommandWaiters {
  private readonly waiting = new Map<number, ((row: CommandRow) => void)[]>();

  wait(id: number, timeoutMs: number): Promise<CommandRow | null> {
    return new Promise((resolve) => {
      const done = (row: CommandRow | null) => {
        clearTimeout(timer);
        const list = (this.waiting.get(id) ?? []).filter((w) => w !== done);
        if (list.length > 0) this.waiting.set(id, list);
        else this.waiting.delete(id);
        resolve(row);
      };
      const timer = setTimeout(() => done(null), timeoutMs);
      this.waiting.set(id, [...(this.waiting.get(id) ?? []), done]);
    });
  }

  seen(rows: readonly CommandRow[]): void {
    for (const row of rows) {
      if (!ENDED.has(row.status)) continue;
      for (const done of this.waiting.get(row.id) ?? []) done(row);
    }
  }

  /** Ends every wait (shutdown): callers answer with what the store holds. */
  release(): void {
    for (const [, list] of this.waiting)
      for (const done of [...list]) (done as (row: CommandRow | null) => void)(null);
  }
}
