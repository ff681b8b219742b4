import { createAccessToken, deleteAccessToken, readAccessTokens } from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';
import { listTags } from './request';

/** Personal access tokens: the list (with last use), create (the token is in the answer, once), revoke. */
export const accessTokensApi = injectAreaEndpoints((call) => ({
  readAccessTokens: call.query(readAccessTokens, (result) =>
    listTags('AccessToken', result?.docs, (token) => token.id),
  ),
  createAccessToken: call.mutation(createAccessToken, [{ type: 'AccessToken', id: 'LIST' }]),
  deleteAccessToken: call.mutation(deleteAccessToken, (_result, _error, { id }) => [
    { type: 'AccessToken', id: 'LIST' },
    { type: 'AccessToken', id },
  ]),
}));

export const { useReadAccessTokensQuery, useCreateAccessTokenMutation, useDeleteAccessTokenMutation } =
  accessTokensApi;
