import type { ChatSession } from '@equipment-dashboard/contract';
import { chatSessions } from '../../store/schema';
import { useTestServer } from '../../test/test-server';

describe('AIKnow statistics and chat sessions (back-office §2.11, §3, §7.6)', () => {
  const t = useTestServer({ users: ['guest'] });

  it('when the statistics are read, then they are computed from the stored chat sessions', async () => {
    const rows = await t.server.deps.db.select().from(chatSessions);
    const timed = rows.filter((r) => r.queueWaitSeconds !== null);
    const res = await t.as('guest').get('/statistics');
    expect(res.status).toBe(200);
    expect(res.body.sessionCount).toBe(rows.length);
    expect(res.body.openSessionCount).toBe(rows.filter((r) => r.isOpen).length);
    expect(res.body.averageConversationLength).toBeCloseTo(
      rows.reduce((s, r) => s + r.conversation.length, 0) / rows.length,
      9,
    );
    expect(res.body.queueAverage).toBeCloseTo(
      timed.reduce((s, r) => s + (r.queueWaitSeconds ?? 0), 0) / timed.length,
      9,
    );
    expect(res.body.inFlightAverage).toBeGreaterThan(0);
  });

  it('when no session measured a time, then the averages are null and the length 0', async () => {
    await t.server.deps.db.delete(chatSessions);
    const res = await t.as('guest').get('/statistics');
    expect(res.body).toEqual({
      sessionCount: 0,
      openSessionCount: 0,
      averageConversationLength: 0,
      queueAverage: null,
      inFlightAverage: null,
    });
  });

  it('when chat sessions are read, then they come 10 a page, newest first, with their conversations', async () => {
    const now = Date.now();
    await t.server.deps.db.insert(chatSessions).values(
      Array.from({ length: 12 }, (_, i) => ({
        sessionId: `s-${String(i).padStart(2, '0')}`,
        serialNumber: 'AXA00001',
        isOpen: i === 11,
        conversation: i % 2 ? [{ query: 'Why?', response: 'Because.' }] : [],
        createdAt: new Date(now - (12 - i) * 60_000),
        updatedAt: new Date(now - (12 - i) * 60_000),
      })),
    );
    const res = await t.as('guest').get('/chat_sessions/').query({ page: 1 });
    expect(res.status).toBe(200);
    expect(res.body.totalDocs).toBe(12);
    expect(res.body.docs.map((s: ChatSession) => s.sessionId).slice(0, 3)).toEqual(['s-11', 's-10', 's-09']);
    expect(res.body.docs[0].conversation).toEqual([{ query: 'Why?', response: 'Because.' }]);
    expect(res.body.docs[1].conversation).toEqual([]);
    expect((await t.as('guest').get('/chat_sessions/').query({ page: 2 })).body.docs).toHaveLength(2);
  });

  it('when no token is sent, then 401 (the old console sent an empty authorization header)', async () => {
    expect((await t.http.get('/statistics').set('Authorization', '')).status).toBe(401);
    expect((await t.http.get('/chat_sessions/')).status).toBe(401);
  });
});
