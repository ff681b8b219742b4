import type { UserRow } from '../store/repos/users-repo';

/**
 * How long a looked-up user is trusted without asking the store again: a session ended in another process (a
 * provider's back-channel logout, a role change) stops working here within this second.
 */
const TTL_MS = 1_000;

/**
 * Every call checks its token against the user's current row (active, token version). This keeps
 * those rows for a second so a busy console does not cost a query per call. A change made in this
 * process drops the entry at once; one made by another process is seen within the second.
 */
export class SessionCache {
  private readonly rows = new Map<string, { row: UserRow | undefined; at: number }>();

  async get(
    username: string,
    load: (username: string) => Promise<UserRow | undefined>,
  ): Promise<UserRow | undefined> {
    const hit = this.rows.get(username);
    const now = Date.now();
    if (hit && now - hit.at < TTL_MS) return hit.row;
    const row = await load(username);
    this.rows.set(username, { row, at: now });
    if (this.rows.size > 10_000) this.rows.clear();
    return row;
  }

  forget(username: string): void {
    this.rows.delete(username);
  }
}
