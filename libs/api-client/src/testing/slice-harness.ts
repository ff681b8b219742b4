/**
 * Test-only helpers for the RTK Query slices: a store, a recording `fetch` stub, an in-memory
 * localStorage, and `describeSlice`, which checks that a slice has one endpoint per contract call of
 * its area and that each sends the contract's method and path. Excluded from the library build.
 */
import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { baseApi, setApiBaseUrl, storeToken, TOKEN_STORAGE_KEY } from '../base-api';
import { type ApiArea, type EndpointDef, ENDPOINTS_BY_AREA, pathOf } from '@equipment-dashboard/contract';

export const TEST_ORIGIN = 'http://fleet.test';

/** A fresh store with the API reducer and middleware. */
export function makeStore() {
  return configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    // The checks stay on (they catch non-serializable cache data); the thresholds only silence timing
    // warnings on slow CI machines.
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { warnAfter: 500 }, immutableCheck: { warnAfter: 500 } }).concat(
        baseApi.middleware,
      ),
  });
}
export type TestStore = ReturnType<typeof makeStore>;

/** A request as the stub saw it, body read once. */
export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  contentType: string;
  text: string;
  form: FormData | null;
}

/** Replaces global fetch; answers with `respond` and records every request. */
export function stubFetch(respond: (request: Request) => Response = () => json({})): {
  seen: SeenRequest[];
  restore: () => void;
} {
  const original = globalThis.fetch;
  const seen: SeenRequest[] = [];
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const contentType = request.headers.get('content-type') ?? '';
    const copy = request.clone();
    const form = contentType.startsWith('multipart/form-data') ? await copy.formData() : null;
    seen.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      contentType,
      text: form ? '' : await copy.text(),
      form,
    });
    return respond(request);
  };
  return { seen, restore: () => (globalThis.fetch = original) };
}

/** A JSON answer. */
export function json(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A small PNG answer (the 8 signature bytes are enough for a Blob). */
export function png(): Response {
  return new Response(new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), {
    status: 200,
    headers: { 'content-type': 'image/png' },
  });
}

/** An in-memory Web Storage, installed as globalThis.localStorage. */
export interface MemoryStorage extends Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  readonly items: Map<string, string>;
}

/** Installs an in-memory localStorage on globalThis; returns it and a function that removes it. */
export function installLocalStorage(): { storage: MemoryStorage; remove: () => void } {
  const items = new Map<string, string>();
  const storage: MemoryStorage = {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  };
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true, writable: true });
  return { storage, remove: () => void Reflect.deleteProperty(globalThis, 'localStorage') };
}

/** Signs a test user in: a token object under user-token. */
export function signIn(accessToken = 'test-token'): void {
  storeToken(testToken(accessToken));
}

/** A token answer of POST /auth/token/v1. */
export function testToken(accessToken = 'test-token') {
  return {
    access_token: accessToken,
    token_type: 'bearer' as const,
    expires_in: 3600,
    user: { username: 'jdoe', email: 'jdoe@example.com', role: 'admin' as const },
  };
}
export { TOKEN_STORAGE_KEY };

/** The result of dispatching an `initiate` thunk: both query and mutation results can unwrap. */
interface Started {
  unwrap(): Promise<unknown>;
  unsubscribe?: () => void;
  reset?: () => void;
}
interface Initiator {
  initiate(arg: unknown): UnknownAction;
}

/** Calls one endpoint of the API by name and waits for its answer (or its error). */
export async function call(
  store: TestStore,
  name: string,
  arg: unknown,
): Promise<{ data?: unknown; error?: unknown }> {
  const endpoint = (baseApi.endpoints as unknown as Record<string, Initiator | undefined>)[name];
  if (!endpoint) throw new Error(`no endpoint ${name}`);
  const started = store.dispatch(endpoint.initiate(arg)) as unknown as Started;
  try {
    return { data: await started.unwrap() };
  } catch (error) {
    return { error };
  } finally {
    started.unsubscribe?.();
    // Clears the cache and its removal timers, so no timer outlives the test.
    store.dispatch(baseApi.util.resetApiState());
  }
}

/** One call of a slice test: the argument, and what must be sent. */
export interface SliceCase {
  arg: unknown;
  /** Path parameters, to build the expected path. */
  params?: Record<string, string | number>;
  /** Query values that must be sent (strings, as they travel). */
  query?: Record<string, string>;
  /** Query keys that must not be sent (empty filters). */
  absentQuery?: string[];
  /** The JSON body that must be sent. */
  json?: unknown;
  /** The form-encoded fields that must be sent. */
  form?: Record<string, string>;
  /** The multipart fields that must be sent (a file part is checked by name). */
  multipart?: string[];
  /** The answer to give; JSON `{}` by default, a PNG for binary calls. */
  respond?: () => Response;
}

/**
 * Checks a slice against its contract area: one RTK endpoint per contract call, same names; and each
 * sends the contract's method, path, query and body encoding.
 */
export function describeSlice(area: ApiArea, sliceEndpoints: object, cases: Record<string, SliceCase>): void {
  const contract = ENDPOINTS_BY_AREA[area] as Record<string, EndpointDef>;

  describe(`${area} slice`, () => {
    let fetchStub: ReturnType<typeof stubFetch> | undefined;
    let removeStorage: (() => void) | undefined;
    let current: SliceCase | undefined;

    beforeAll(() => {
      setApiBaseUrl(TEST_ORIGIN);
      removeStorage = installLocalStorage().remove;
      signIn();
      fetchStub = stubFetch(() => current?.respond?.() ?? json({}));
    });
    afterAll(() => {
      fetchStub?.restore();
      removeStorage?.();
      setApiBaseUrl('');
    });

    it(`when the ${area} slice is read, then it has one endpoint per contract call of the area, same names`, () => {
      const contractNames = Object.keys(contract).sort();
      expect(Object.keys(cases).sort()).toEqual(contractNames);
      for (const name of contractNames) expect(Object.keys(sliceEndpoints)).toContain(name);
    });

    it.each(Object.entries(cases))(
      'when %s is called, then it sends the contract method and path',
      async (name, c) => {
        const def = contract[name];
        if (!def) throw new Error(`${name} is not a call of ${area}`);
        current = c.respond || !def.binary ? c : { ...c, respond: png };
        signIn();
        const before = fetchStub?.seen.length ?? 0;
        const store = makeStore();
        const result = await call(store, name, c.arg);
        expect(result.error).toBeUndefined();
        const request = fetchStub?.seen[before];
        if (!request) throw new Error(`${name} sent nothing`);

        expect(request.method).toBe(def.method);
        expect(request.url.origin).toBe(TEST_ORIGIN);
        expect(request.url.pathname).toBe(pathOf(def, c.params));
        expect(request.headers.get('authorization')).toBe('Bearer test-token');
        for (const [key, value] of Object.entries(c.query ?? {}))
          expect(request.url.searchParams.get(key)).toBe(value);
        for (const key of c.absentQuery ?? []) expect(request.url.searchParams.has(key)).toBe(false);
        if (c.json !== undefined) {
          expect(request.contentType).toBe('application/json');
          expect(JSON.parse(request.text)).toEqual(c.json);
        }
        if (c.form !== undefined) {
          expect(request.contentType).toMatch(/^application\/x-www-form-urlencoded/);
          expect(Object.fromEntries(new URLSearchParams(request.text))).toEqual(c.form);
        }
        if (c.multipart !== undefined) {
          const fields: string[] = [];
          request.form?.forEach((_value, key) => fields.push(key));
          expect(fields.sort()).toEqual([...c.multipart].sort());
        }
        if (def.method === 'GET') expect(request.text).toBe('');
        if (def.binary) expect(String(result.data)).toMatch(/^blob:/);
      },
    );
  });
}
