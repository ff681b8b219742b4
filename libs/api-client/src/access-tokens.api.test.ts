import { accessTokensApi } from './access-tokens.api';
import { describeSlice, json } from './testing/slice-harness';

describeSlice('accessTokens', accessTokensApi.endpoints, {
  createAccessToken: {
    arg: { name: 'ci', expiresInDays: 30, role: 'tech' },
    json: { name: 'ci', expiresInDays: 30, role: 'tech' },
    respond: () => json({ id: 'a1', token: 'edpat_x' }),
  },
  readAccessTokens: {
    arg: { page: 2 },
    query: { page: '2' },
    respond: () => json({ docs: [], totalDocs: 0 }),
  },
  deleteAccessToken: {
    arg: { id: 'a1' },
    json: { id: 'a1' },
    respond: () => json({ id: 'a1', revoked: true }),
  },
});
