import {
  type BodyOf,
  logout,
  oidcToken,
  PASSWORD_GRANT,
  readExpired,
  readProviders,
  readSignInOptions,
  requestResetUserPassword,
  resetUserPassword,
  type ResponseOf,
  token,
  TOKEN_CLIENT_ID,
  tokenResponseSchema,
  updateUserPassword,
} from '@equipment-dashboard/contract';
import { storeToken } from './base-api';
import { injectAreaEndpoints } from './contract-calls';
import { toRequest } from './request';

/** What the sign-in form gives: the slice adds the fixed grant_type and client_id. */
export interface SignInArgs {
  username: string;
  password: string;
}

/**
 * An `onQueryStarted` that stores the token a call's answer carries (`tokenOf` finds it). Only a real token is
 * kept: anything else would leave the console half signed in. A refused call stores nothing (the current token
 * stays); the form or dialog reads the mutation's error.
 */
function storeAnsweredToken<Answer>(tokenOf: (answer: Answer) => unknown) {
  return async (_args: unknown, { queryFulfilled }: { queryFulfilled: Promise<{ data: Answer }> }) => {
    try {
      const checked = tokenResponseSchema.safeParse(tokenOf((await queryFulfilled).data));
      if (checked.success) storeToken(checked.data);
    } catch {
      // Refused: nothing to store.
    }
  };
}

/** Auth and password calls (console-core §7). */
export const authApi = injectAreaEndpoints((call, build) => {
  return {
    /** Signs in; on success the answer is stored under user-token, so later calls carry it. */
    token: build.mutation<ResponseOf<typeof token>, SignInArgs>({
      query: ({ username, password }) =>
        toRequest(token, {
          body: {
            grant_type: PASSWORD_GRANT,
            username,
            password,
            client_id: TOKEN_CLIENT_ID,
          } satisfies BodyOf<typeof token>,
        }),
      onQueryStarted: storeAnsweredToken((data) => data),
    }),
    /** Changes the password; the server ends earlier tokens, so the fresh token of the answer is stored. */
    updateUserPassword: build.mutation<
      ResponseOf<typeof updateUserPassword>,
      BodyOf<typeof updateUserPassword>
    >({
      query: (body) => toRequest(updateUserPassword, { body }),
      invalidatesTags: ['Expired'],
      onQueryStarted: storeAnsweredToken((data) => data.token),
    }),
    readExpired: call.query(readExpired, ['Expired']),
    /** The identity providers of the sign-in page (a button each). */
    readProviders: call.query(readProviders),
    /** Whether the sign-in page shows the local form and goes to a provider at once. */
    readSignInOptions: call.query(readSignInOptions),
    /**
     * Trades a provider sign-in's one-time code for the product's token, stored under user-token as after the
     * password form: nothing after sign-in knows how the user signed in.
     */
    oidcToken: build.mutation<ResponseOf<typeof oidcToken>, BodyOf<typeof oidcToken>>({
      query: (body) => toRequest(oidcToken, { body }),
      onQueryStarted: storeAnsweredToken((data) => data),
    }),
    /** Signs out at the server; the answer says where to sign out at the provider too (or null). */
    logout: call.mutation(logout),
    requestResetUserPassword: call.mutation(requestResetUserPassword),
    resetUserPassword: call.mutation(resetUserPassword),
  };
});

export const {
  useTokenMutation,
  useUpdateUserPasswordMutation,
  useReadExpiredQuery,
  useLazyReadExpiredQuery,
  useRequestResetUserPasswordMutation,
  useResetUserPasswordMutation,
  useReadProvidersQuery,
  useReadSignInOptionsQuery,
  useOidcTokenMutation,
  useLogoutMutation,
} = authApi;
