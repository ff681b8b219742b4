import {
  type BodyOf,
  PASSWORD_GRANT,
  readExpired,
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
      async onQueryStarted(_args, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // Only a real token is kept: anything else would leave the console half signed in.
          const checked = tokenResponseSchema.safeParse(data);
          if (checked.success) storeToken(checked.data);
        } catch {
          // A failed sign-in stores nothing; the form reads the mutation's error.
        }
      },
    }),
    /** Changes the password; the server ends earlier tokens, so the fresh token of the answer is stored. */
    updateUserPassword: build.mutation<
      ResponseOf<typeof updateUserPassword>,
      BodyOf<typeof updateUserPassword>
    >({
      query: (body) => toRequest(updateUserPassword, { body }),
      invalidatesTags: ['Expired'],
      async onQueryStarted(_args, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const checked = tokenResponseSchema.safeParse(data.token);
          if (checked.success) storeToken(checked.data);
        } catch {
          // A refused change keeps the current token; the dialog reads the mutation's error.
        }
      },
    }),
    readExpired: call.query(readExpired, ['Expired']),
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
} = authApi;
