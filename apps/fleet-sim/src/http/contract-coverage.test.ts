import { ENDPOINTS, pathOf, type EndpointDef } from '@equipment-dashboard/api';
import { can, ROLES, type Permission } from '@equipment-dashboard/domain';
import fc from 'fast-check';
import type { Test } from 'supertest';
import { bearer } from '../test/fleet-helpers';
import { startTestServer, type TestServer } from '../test/test-server';

function call(t: TestServer, def: EndpointDef, options: { token?: string; body?: unknown; query?: Record<string, string> } = {}): Test {
  const path = pathOf(def, { id: '1' });
  const method = def.method.toLowerCase() as 'get' | 'post' | 'delete';
  let req = t.http[method](path);
  if (options.token) req = req.set(bearer(options.token));
  if (options.query) req = req.query(options.query);
  if (def.bodyEncoding === 'urlencoded') req = req.type('form');
  if (options.body !== undefined && method !== 'get') req = req.send(options.body as object);
  return req;
}

/**
 * console-core §6 and back-office §6 as the server enforces them: every call of the contract, with no
 * token and as every role. A role without the call's permission gets 403; every other role gets past
 * the guard (whatever the empty request then earns: 400, 404 ...); no token gets 401; nothing is a 500.
 */
describe('every call, every role', () => {
  let t: TestServer;
  const tokens = new Map<string, string>();
  let served: EndpointDef[] = [];
  beforeAll(async () => {
    t = await startTestServer();
    for (const role of ROLES) tokens.set(role, await t.tokenFor(role));
    const probes = await Promise.all(ENDPOINTS.map(async (def) => ({ def, status: (await call(t, def, { token: tokens.get('admin') })).status })));
    served = probes.filter((p) => p.status !== 501).map((p) => p.def);
  });
  afterAll(() => t.close());

  it('when the calls are counted, then document 1 is served in full', () => {
    const names = new Set(served.map((d) => d.name));
    const documentOne = ENDPOINTS.filter((d) => /^(auth|equipment|commands|staging|dashboard)\./.test(d.name) || d.name === 'tickets.createTicket');
    expect(documentOne.filter((d) => !names.has(d.name)).map((d) => d.name)).toEqual([]);
    expect(documentOne.length).toBeGreaterThan(50);
  });

  it('when a served call has no token, then 401 (public calls excepted)', async () => {
    for (const def of served) {
      const res = await call(t, def, { body: {} });
      if (def.auth === 'public') expect({ name: def.name, status: res.status }).not.toEqual({ name: def.name, status: 401 });
      else expect({ name: def.name, status: res.status }).toEqual({ name: def.name, status: 401 });
    }
  });

  it.each([...ROLES])('when %s calls every served call, then 403 exactly where the role lacks the permission', async (role) => {
    const token = tokens.get(role) as string;
    let refused = 0;
    for (const def of served) {
      if (def.name === 'auth.token') continue;
      const res = await call(t, def, { token, body: {} });
      const forbidden = def.permission !== undefined && !can(role, def.permission as Permission);
      expect({ name: def.name, status: res.status < 500 }).toEqual({ name: def.name, status: true });
      if (forbidden) refused += 1;
      if (forbidden) expect({ name: def.name, status: res.status }).toEqual({ name: def.name, status: 403 });
      else expect({ name: def.name, forbidden: [401, 403].includes(res.status) }).toEqual({ name: def.name, forbidden: false });
    }
    // admin holds every permission; every other role is refused something (guest the most).
    if (role === 'admin') expect(refused).toBe(0);
    else expect(refused).toBeGreaterThan(0);
  });

  it('when served calls get malformed queries and bodies, then they answer 4xx with an error, never 500', async () => {
    const admin = tokens.get('admin') as string;
    const scalar = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant(null), fc.double());
    const body = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.dictionary(fc.constantFrom('serialNumber', 'username', 'page', 'version', 'id', 'password'), scalar));
    const query = fc.dictionary(fc.constantFrom('page', 'serialNumber', 'username', 'filterFamily', 'sortBy', 'sortDesc', 'serviceName', 'id'), fc.string({ maxLength: 10 }));
    // Calls that would change the shared world for the other assertions are fed only invalid bodies.
    for (const def of served.filter((d) => d.name !== 'auth.token')) {
      await fc.assert(
        fc.asyncProperty(body, query, async (b, q) => {
          const res = await call(t, def, { token: admin, body: b, query: q });
          if (res.status >= 500) throw new Error(`${def.name} answered ${res.status}: ${JSON.stringify(res.body)} for ${JSON.stringify({ b, q })}`);
          if (res.status >= 400 && !def.binary) expect(typeof res.body.error).toBe('string');
        }),
        { numRuns: 8, seed: 4242 },
      );
    }
  });
});
