import { ENDPOINTS, NUL_MESSAGE, pathOf, type EndpointDef } from '@equipment-dashboard/contract';
import { can, ROLES, type Permission } from '@equipment-dashboard/domain';
import fc from 'fast-check';
import type { Test } from 'supertest';
import { bearer } from '../test/fleet-helpers';
import { hostileRequests, type HostileRequest } from '../test/hostile-requests';
import { startTestServer, type TestServer } from '../test/test-server';

function call(
  t: TestServer,
  def: EndpointDef,
  options: { token?: string; body?: unknown; query?: Record<string, string> } = {},
): Test {
  const path = pathOf(def, { id: '1' });
  const method = def.method.toLowerCase() as 'get' | 'post' | 'delete';
  let req = t.http[method](path);
  if (options.token) req = req.set(bearer(options.token));
  if (options.query) req = req.query(options.query);
  if (def.bodyEncoding === 'urlencoded') req = req.type('form');
  if (options.body !== undefined && method !== 'get') req = req.send(options.body as object);
  return req;
}

// One server for the file: the hostile pass runs last, and what it writes (a user, a ticket ...) no
// other assertion reads.
let t: TestServer;
const tokens = new Map<string, string>();
beforeAll(async () => {
  t = await startTestServer();
  for (const role of ROLES) tokens.set(role, await t.tokenFor(role));
});
afterAll(() => t.close());

/**
 * console-core §6 and back-office §6 as the server enforces them: every call of the contract, with no
 * token and as every role. A role without the call's permission gets 403; every other role gets past
 * the guard (whatever the empty request then earns: 400, 404 ...); no token gets 401; nothing is a 500.
 */
describe('every call, every role', () => {
  let served: EndpointDef[] = [];
  beforeAll(async () => {
    const probes = await Promise.all(
      ENDPOINTS.map(async (def) => ({
        def,
        status: (await call(t, def, { token: tokens.get('admin') })).status,
      })),
    );
    served = probes.filter((p) => p.status !== 501).map((p) => p.def);
  });

  it('when the calls are counted, then document 1 is served in full', () => {
    const names = new Set(served.map((d) => d.name));
    const documentOne = ENDPOINTS.filter(
      (d) =>
        /^(auth|equipment|commands|staging|dashboard)\./.test(d.name) || d.name === 'tickets.createTicket',
    );
    expect(documentOne.filter((d) => !names.has(d.name)).map((d) => d.name)).toEqual([]);
    expect(documentOne.length).toBeGreaterThan(50);
  });

  it('when a served call has no token, then 401 (public calls excepted)', async () => {
    for (const def of served) {
      const res = await call(t, def, { body: {} });
      if (def.auth === 'public')
        expect({ name: def.name, status: res.status }).not.toEqual({ name: def.name, status: 401 });
      else expect({ name: def.name, status: res.status }).toEqual({ name: def.name, status: 401 });
    }
  });

  it.each([...ROLES])(
    'when %s calls every served call, then 403 exactly where the role lacks the permission',
    async (role) => {
      const token = tokens.get(role) as string;
      let refused = 0;
      for (const def of served) {
        if (def.name === 'auth.token') continue;
        const res = await call(t, def, { token, body: {} });
        const forbidden = def.permission !== undefined && !can(role, def.permission as Permission);
        expect({ name: def.name, status: res.status < 500 }).toEqual({ name: def.name, status: true });
        if (forbidden) refused += 1;
        if (forbidden)
          expect({ name: def.name, status: res.status }).toEqual({ name: def.name, status: 403 });
        else
          expect({ name: def.name, forbidden: [401, 403].includes(res.status) }).toEqual({
            name: def.name,
            forbidden: false,
          });
      }
      // admin holds every permission; every other role is refused something (guest the most).
      if (role === 'admin') expect(refused).toBe(0);
      else expect(refused).toBeGreaterThan(0);
    },
  );

  it('when served calls get malformed queries and bodies, then they answer 4xx with an error, never 500', async () => {
    const admin = tokens.get('admin') as string;
    const scalar = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.double(),
    );
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.dictionary(fc.constantFrom('serialNumber', 'username', 'page', 'version', 'id', 'password'), scalar),
    );
    const query = fc.dictionary(
      fc.constantFrom(
        'page',
        'serialNumber',
        'username',
        'filterFamily',
        'sortBy',
        'sortDesc',
        'serviceName',
        'id',
      ),
      fc.string({ maxLength: 10 }),
    );
    // Calls that would change the shared world for the other assertions are fed only invalid bodies.
    for (const def of served.filter((d) => d.name !== 'auth.token')) {
      await fc.assert(
        fc.asyncProperty(body, query, async (b, q) => {
          const res = await call(t, def, { token: admin, body: b, query: q });
          if (res.status >= 500)
            throw new Error(
              `${def.name} answered ${res.status}: ${JSON.stringify(res.body)} for ${JSON.stringify({ b, q })}`,
            );
          if (res.status >= 400 && !def.binary) expect(typeof res.body.error).toBe('string');
        }),
        { numRuns: 8, seed: 4242 },
      );
    }
  });
});

interface Answer {
  request: HostileRequest;
  status: number;
  body: { error?: unknown; code?: unknown; details?: unknown };
}

async function send(token: string, request: HostileRequest): Promise<Answer> {
  const method = request.def.method.toLowerCase() as 'get' | 'post' | 'delete';
  let req = t.http[method](request.url).set(bearer(token)).set(request.headers);
  if (request.body !== undefined) req = req.send(request.body);
  const res = await req;
  return { request, status: res.status, body: (res.body ?? {}) as Answer['body'] };
}

/** Sends every request, `concurrency` at a time, and answers in the requests' order. */
async function sendAll(
  token: string,
  requests: readonly HostileRequest[],
  concurrency = 16,
): Promise<Answer[]> {
  const answers: Answer[] = new Array(requests.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < requests.length; i = next++)
      answers[i] = await send(token, requests[i] as HostileRequest);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return answers;
}

const describeAnswer = (a: Answer) =>
  `${a.request.def.method} ${a.request.def.path} [${a.request.where}: ${a.request.hostile}] -> ${a.status} ${JSON.stringify(a.body).slice(0, 160)}`;

/**
 * Hostile input on every call of the contract, signed in as admin: NUL, lone surrogates, 100,000
 * characters, wrong types, prototype keys, path traversal and broken encodings, in each query key,
 * path parameter and body field, inside an otherwise valid request. The server refuses, never fails.
 */
describe('hostile input', () => {
  let answers: Answer[] = [];
  beforeAll(async () => {
    // A step of 2147483648 ms is a valid sim.setClock step (24.8 simulated days): not hostile, and slow to play.
    const requests = ENDPOINTS.flatMap(hostileRequests).filter(
      (r) => !(r.def.name === 'sim.setClock' && r.where === 'body step' && r.hostile.startsWith('number')),
    );
    answers = await sendAll(tokens.get('admin') as string, requests);
  }, 120_000);

  it('when every call gets hostile input in each of its fields, then no answer is a 5xx', () => {
    expect(answers.length).toBeGreaterThan(ENDPOINTS.length * 20);
    expect(answers.filter((a) => a.status >= 500).map(describeAnswer)).toEqual([]);
  });

  it('when a hostile value is refused, then the contract or the route refused it, not the database', () => {
    expect(answers.filter((a) => a.body.code === 'unstorable_value').map(describeAnswer)).toEqual([]);
  });

  it('when a refused answer is JSON, then it is the error body with a message', () => {
    const refused = answers.filter((a) => a.status >= 400 && !a.request.def.binary && a.status !== 431);
    expect(refused.filter((a) => typeof a.body.error !== 'string').map(describeAnswer)).toEqual([]);
  });

  it('when a serial number holds NUL, then every call answers 400 with { error, details }', () => {
    const nul = answers.filter((a) => /serial/i.test(a.request.where) && a.request.hostile === 'NUL');
    expect(nul.length).toBeGreaterThan(30);
    const wrong = nul.filter(
      (a) => a.status !== 400 || typeof a.body.error !== 'string' || !Array.isArray(a.body.details),
    );
    expect(wrong.map(describeAnswer)).toEqual([]);
  });

  it.each([
    '/read/aligner/v1/?serialNumber=AB%00CD&username=admin',
    '/api/v1/get_screen_shots_for_aligner?serialNumber=AB%00CD',
    '/api/v1/get_latest_voltages_for_aligner?serialNumber=AB%00CD',
    '/api/v1/get_latest_printer_status_for_aligner?serialNumber=AB%00CD',
    '/api/v1/get_latest_usb_status_for_aligner?serialNumber=AB%00CD',
    '/read/ticketHistory/v1?serialNumber=AB%00CD',
  ])('when GET %s is asked, then 400 names the serial and the NUL', async (url) => {
    const res = await t.http.get(url).set(bearer(tokens.get('admin') as string));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: expect.any(String),
      details: [{ path: 'serialNumber', message: NUL_MESSAGE }],
    });
  });
});
