import type { Pairing } from '@equipment-dashboard/contract';
import { bearer } from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';

describe('vendor pairings with Tru-Point units (back-office §2.9, §3, §7.6)', () => {
  const t = useTestServer({ users: ['support'] });

  const read = async (path: string, query: Record<string, string> = {}) => {
    const res = await t.as('support').get(path).query(query);
    expect(res.status).toBe(200);
    return res.body as { docs: Pairing[]; totalDocs: number };
  };

  it('when each tab is read, then it holds its pairings newest first; only aborted ones carry a reason', async () => {
    for (const [path, aborted] of [
      ['/read/active_pairings/v1/', false],
      ['/read/completed_pairings/v1/', false],
      ['/read/aborted_pairings/v1/', true],
    ] as const) {
      const list = await read(path);
      expect(list.totalDocs).toBeGreaterThan(0);
      const created = list.docs.map((p) => p.createdAt);
      expect([...created].sort().reverse()).toEqual(created);
      expect(list.docs.every((p) => (aborted ? typeof p.reason === 'string' : p.reason === null))).toBe(true);
    }
  });

  it('when sorted by vendor or Tru-Point serial, ascending or descending, then the page follows that order', async () => {
    const byVendor = (await read('/read/completed_pairings/v1/', { sortBy: 'vendor' })).docs.map(
      (p) => p.vendor,
    );
    expect([...byVendor].sort()).toEqual(byVendor);
    const bySerial = (
      await read('/read/completed_pairings/v1/', { sortBy: 'truPointSerialNumber', sortDesc: 'true' })
    ).docs.map((p) => p.truPointSerialNumber);
    expect([...bySerial].sort().reverse()).toEqual(bySerial);
    const oldest = (
      await read('/read/active_pairings/v1/', { sortBy: 'createdAt', sortDesc: 'false' })
    ).docs.map((p) => p.createdAt);
    expect([...oldest].sort()).toEqual(oldest);
  });

  it('when the pages of a list are read, then they cover every pairing once', async () => {
    const first = await read('/read/completed_pairings/v1/', { page: '1' });
    const ids = new Set<string>();
    for (let page = 1; page <= Math.ceil(first.totalDocs / 10); page++) {
      (await read('/read/completed_pairings/v1/', { page: String(page) })).docs.forEach((p) => ids.add(p.id));
    }
    expect(ids.size).toBe(first.totalDocs);
  });

  it('when the sort field is unknown, then 400; tech and guest (no TruPoint) are refused with 403', async () => {
    expect(
      (await t.as('support').get('/read/active_pairings/v1/').query({ sortBy: 'alignmentId' })).status,
    ).toBe(400);
    expect((await t.http.get('/read/active_pairings/v1/').set(bearer(await t.tokenFor('tech')))).status).toBe(
      403,
    );
    expect(
      (await t.http.get('/read/aborted_pairings/v1/').set(bearer(await t.tokenFor('guest')))).status,
    ).toBe(403);
  });
});
