/** What a stubbed route answers: a Response, or a JSON body with status 200. */
export type StubAnswer = Response | object | null;
export type StubHandler = StubAnswer | ((request: Request) => StubAnswer | Promise<StubAnswer>);

/** A JSON response. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Routes are keyed 'METHOD /path' or '/path' (any method); query strings are not part of the key. */
export interface FetchStub {
  calls: Request[];
  /** Requests to a path, in order. */
  callsTo(path: string): Request[];
}

/**
 * Replaces global.fetch for one test. Unknown paths answer 404 with the API's error body, so a test
 * sees a missing stub as a failed call rather than a hang.
 */
export function stubFetch(routes: Record<string, StubHandler>): FetchStub {
  const calls: Request[] = [];
  const fetchStub = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    calls.push(request);
    const { pathname } = new URL(request.url);
    const handler = routes[`${request.method} ${pathname}`] ?? routes[pathname];
    if (handler === undefined) return json(404, { error: `No stub for ${request.method} ${pathname}.` });
    const answer = typeof handler === 'function' ? await handler(request.clone()) : handler;
    return answer instanceof Response ? answer : json(200, answer);
  });
  global.fetch = fetchStub as typeof fetch;
  return {
    calls,
    callsTo: (path) => calls.filter((request) => new URL(request.url).pathname === path),
  };
}
