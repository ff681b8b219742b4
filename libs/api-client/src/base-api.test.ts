import { exampleFixture, exampleTicket } from '@equipment-dashboard/contract/testing';
import {
  call,
  installLocalStorage,
  json,
  makeStore,
  png,
  signIn,
  stubFetch,
  testToken,
  TEST_ORIGIN,
} from './testing/slice-harness';
import {
  baseApi,
  clearStoredToken,
  readStoredToken,
  setApiBaseUrl,
  setUnauthorizedHandler,
  storeToken,
  TAG_TYPES,
  TOKEN_STORAGE_KEY,
} from './base-api';
import { equipmentApi } from './equipment.api';
import './index';
import { ticketsApi } from './tickets.api';

describe('token storage', () => {
  it('when there is no localStorage (Node), then reading gives null and writing does nothing', () => {
    expect('localStorage' in globalThis).toBe(false);
    expect(readStoredToken()).toBeNull();
    expect(() => storeToken(testToken())).not.toThrow();
    expect(() => clearStoredToken()).not.toThrow();
  });

  describe('with localStorage', () => {
    let installed: ReturnType<typeof installLocalStorage>;
    beforeEach(() => (installed = installLocalStorage()));
    afterEach(() => installed.remove());

    it('when a token is stored, then it is kept under user-token and read back', () => {
      storeToken(testToken('abc'));
      expect(JSON.parse(installed.storage.getItem(TOKEN_STORAGE_KEY) ?? 'null')).toMatchObject({
        access_token: 'abc',
      });
      expect(readStoredToken()?.access_token).toBe('abc');
    });

    it('when the stored value is not a token, then it reads as signed out', () => {
      installed.storage.setItem(TOKEN_STORAGE_KEY, '{"access_token": 5}');
      expect(readStoredToken()).toBeNull();
      installed.storage.setItem(TOKEN_STORAGE_KEY, 'not json');
      expect(readStoredToken()).toBeNull();
    });

    it('when the token is cleared, then it is gone', () => {
      storeToken(testToken());
      clearStoredToken();
      expect(installed.storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    });
  });
});

describe('base query', () => {
  let removeStorage: () => void;
  let fetchStub: ReturnType<typeof stubFetch>;
  let answer: () => Response;

  beforeEach(() => {
    setApiBaseUrl(TEST_ORIGIN);
    removeStorage = installLocalStorage().remove;
    answer = () => json({});
    fetchStub = stubFetch(() => answer());
  });
  afterEach(() => {
    fetchStub.restore();
    removeStorage();
    setUnauthorizedHandler(null);
    setApiBaseUrl('');
  });

  it('when the api is read, then its reducer path is api and it knows every tag type', () => {
    expect(baseApi.reducerPath).toBe('api');
    expect(new Set(TAG_TYPES).size).toBe(TAG_TYPES.length);
  });

  it('when a user is signed in, then calls carry Authorization: Bearer <access_token>', async () => {
    signIn('tok-1');
    answer = () => json({ port: 8443 });
    await call(makeStore(), 'readDemoPort', undefined);
    expect(fetchStub.seen[0]?.headers.get('authorization')).toBe('Bearer tok-1');
  });

  it('when nobody is signed in, then calls carry no Authorization header', async () => {
    answer = () => json({ ok: true });
    await call(makeStore(), 'requestResetUserPassword', { username: 'jdoe' });
    expect(fetchStub.seen[0]?.headers.has('authorization')).toBe(false);
  });

  it('when a call with a token is answered 401, then the unauthorized handler runs', async () => {
    signIn();
    const handler = jest.fn();
    setUnauthorizedHandler(handler);
    answer = () => json({ error: 'invalid_token' }, 401);
    const result = await call(makeStore(), 'readDemoPort', undefined);
    expect(result.error).toMatchObject({ status: 401, data: { error: 'invalid_token' } });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('when a sign-in without a token is answered 401, then the handler does not run (the form shows it)', async () => {
    const handler = jest.fn();
    setUnauthorizedHandler(handler);
    answer = () => json({ error: 'invalid_grant' }, 401);
    const result = await call(makeStore(), 'token', { username: 'jdoe', password: 'wrong' });
    expect(result.error).toMatchObject({ status: 401 });
    expect(handler).not.toHaveBeenCalled();
    expect(readStoredToken()).toBeNull();
  });

  it('when a call is answered 403, then the unauthorized handler does not run', async () => {
    signIn();
    const handler = jest.fn();
    setUnauthorizedHandler(handler);
    answer = () => json({ error: 'forbidden' }, 403);
    await call(makeStore(), 'readUsers', { page: 1 });
    expect(handler).not.toHaveBeenCalled();
  });

  it('when sign-in succeeds, then the form-encoded password grant was sent and the token is stored', async () => {
    answer = () => json(testToken('fresh'));
    const result = await call(makeStore(), 'token', { username: 'jdoe', password: 'pw' });
    expect(result.data).toMatchObject({ access_token: 'fresh' });
    const sent = fetchStub.seen[0];
    expect(sent?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(new URLSearchParams(sent?.text).get('grant_type')).toBe('password');
    expect(readStoredToken()?.access_token).toBe('fresh');
  });

  it('when the password is changed, then the fresh token of the answer replaces the stored one', async () => {
    signIn('old');
    answer = () => json({ ok: true, token: testToken('after-change') });
    await call(makeStore(), 'updateUserPassword', {
      username: 'jdoe',
      prevPassword: 'old-password-1',
      newPassword: 'new-password-12',
    });
    expect(fetchStub.seen[0]?.headers.get('authorization')).toBe('Bearer old');
    expect(readStoredToken()?.access_token).toBe('after-change');
  });

  it('when an image is loaded, then the answer is an object URL of the bytes', async () => {
    signIn();
    answer = png;
    const result = await call(makeStore(), 'screenShotImage', { id: 'a1', thumbnail: true });
    expect(String(result.data)).toMatch(/^blob:/);
    expect(fetchStub.seen[0]?.url.href).toBe(`${TEST_ORIGIN}/api/v1/screen_shot/a1?thumbnail=true`);
  });

  it('when an image is missing, then the error carries the JSON error body', async () => {
    signIn();
    answer = () => json({ error: 'not_found' }, 404);
    const result = await call(makeStore(), 'attachmentFile', { id: 9 });
    expect(result.error).toMatchObject({ status: 404, data: { error: 'not_found' } });
  });

  // Created (201) or already there (200); a reset with no activations (204) has no fixture.
  it.each([
    ['createEzFixture', 201, exampleFixture],
    ['createEzFixture', 200, exampleFixture],
    ['resetEzFixture', 204, null],
  ] as const)(
    'when %s is answered %i, then the outcome tells that status, with the fixture or none',
    async (name, status, fixture) => {
      signIn();
      answer = () => json(fixture, status);
      expect((await call(makeStore(), name, { serialNumber: 'EZ1' })).data).toEqual({ status, fixture });
    },
  );

  it('when a ticket is closed, then the ticket list that showed it is fetched again', async () => {
    signIn();
    const store = makeStore();
    const { comments: _c, attachments: _a, ...summary } = exampleTicket;
    answer = () => json({ docs: [summary], totalDocs: 1 });
    const list = store.dispatch(ticketsApi.endpoints.readTickets.initiate({ page: 1 }));
    await list.unwrap();
    expect(fetchStub.seen).toHaveLength(1);

    answer = () => json({ ...exampleTicket, status: 'closed', closed: true, closedByUsername: 'jdoe' });
    await store
      .dispatch(ticketsApi.endpoints.updateTicketClosed.initiate({ id: exampleTicket.id, username: 'jdoe' }))
      .unwrap();
    answer = () => json({ docs: [], totalDocs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(fetchStub.seen.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'GET /read/tickets/v1/',
      'POST /update/ticket_closed/v1/',
      'GET /read/tickets/v1/',
    ]);
    list.unsubscribe();
    store.dispatch(baseApi.util.resetApiState());
  });

  it('when a favourite is added, then the radar list is fetched again', async () => {
    signIn();
    const store = makeStore();
    answer = () => json([]);
    const radar = store.dispatch(equipmentApi.endpoints.readFavorites.initiate({ username: 'jdoe' }));
    await radar.unwrap();
    answer = () => json({ username: 'jdoe', serialNumber: 'ABCLK0001', favorite: true });
    await store
      .dispatch(
        equipmentApi.endpoints.createFavorite.initiate({ username: 'jdoe', serialNumber: 'ABCLK0001' }),
      )
      .unwrap();
    answer = () => json([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchStub.seen.filter((r) => r.url.pathname === '/read/favorites/v1/')).toHaveLength(2);
    radar.unsubscribe();
    store.dispatch(baseApi.util.resetApiState());
  });
});
