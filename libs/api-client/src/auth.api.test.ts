import { setApiBaseUrl } from './base-api';
import {
  call,
  describeSlice,
  installLocalStorage,
  json,
  makeStore,
  stubFetch,
  TEST_ORIGIN,
  testToken,
  TOKEN_STORAGE_KEY,
} from './testing/slice-harness';
import { authApi } from './auth.api';

describeSlice('auth', authApi.endpoints, {
  token: {
    arg: { username: 'jdoe', password: 'secret' },
    form: { grant_type: 'password', username: 'jdoe', password: 'secret', client_id: 'equipment-dashboard' },
    respond: () => json(testToken()),
  },
  updateUserPassword: {
    arg: { username: 'jdoe', prevPassword: 'old-password-1', newPassword: 'new-password-12' },
    json: { username: 'jdoe', prevPassword: 'old-password-1', newPassword: 'new-password-12' },
    respond: () => json({ ok: true, token: testToken() }),
  },
  readExpired: { arg: { username: 'jdoe' }, query: { username: 'jdoe' } },
  requestResetUserPassword: { arg: { username: 'jdoe' }, json: { username: 'jdoe' } },
  resetUserPassword: {
    arg: { token: 'reset-token', newPassword: 'new-password-12' },
    json: { token: 'reset-token', newPassword: 'new-password-12' },
  },
  readProviders: { arg: undefined, respond: () => json([{ id: 'oidc', name: 'Demo IdP' }]) },
  readSignInOptions: { arg: undefined, respond: () => json({ localLogin: 'all', autoRedirect: null }) },
  oidcToken: {
    arg: { handoff: 'one-time' },
    json: { handoff: 'one-time' },
    respond: () => json(testToken()),
  },
  logout: { arg: undefined, respond: () => json({ ok: true, redirectTo: null }) },
});

describe('the provider sign-in trade', () => {
  it('when the one-time code is traded, then the token is stored under user-token as after the password form', async () => {
    const { storage, remove } = installLocalStorage();
    setApiBaseUrl(TEST_ORIGIN);
    const fetchStub = stubFetch(() => json(testToken('from-provider')));
    try {
      const result = await call(makeStore(), 'oidcToken', { handoff: 'one-time' });
      expect(result.error).toBeUndefined();
      expect(JSON.parse(storage.items.get(TOKEN_STORAGE_KEY) ?? 'null')).toEqual(testToken('from-provider'));
    } finally {
      fetchStub.restore();
      remove();
      setApiBaseUrl('');
    }
  });
});
