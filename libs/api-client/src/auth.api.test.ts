import { describeSlice, json, testToken } from './testing/slice-harness';
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
});
