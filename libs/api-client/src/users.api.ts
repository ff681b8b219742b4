import {
  type BodyOf,
  createUser,
  deleteUser,
  type QueryOf,
  readUsers,
  type ResponseOf,
  updateUser,
} from '@equipment-dashboard/contract';
import { baseApi } from './base-api';
import { listTags, toRequest } from './request';

/** Console users (back-office §7.4). */
export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    readUsers: build.query<ResponseOf<typeof readUsers>, QueryOf<typeof readUsers>>({
      query: (query) => toRequest(readUsers, { query }),
      providesTags: (result) => listTags('User', result?.docs, (user) => user.username),
    }),
    createUser: build.mutation<ResponseOf<typeof createUser>, BodyOf<typeof createUser>>({
      query: (body) => toRequest(createUser, { body }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
    }),
    updateUser: build.mutation<ResponseOf<typeof updateUser>, BodyOf<typeof updateUser>>({
      query: (body) => toRequest(updateUser, { body }),
      invalidatesTags: (_result, _error, { username }) => [{ type: 'User', id: username }],
    }),
    deleteUser: build.mutation<ResponseOf<typeof deleteUser>, BodyOf<typeof deleteUser>>({
      query: (body) => toRequest(deleteUser, { body }),
      invalidatesTags: (_result, _error, { username }) => [
        { type: 'User', id: 'LIST' },
        { type: 'User', id: username },
      ],
    }),
  }),
});

export const { useReadUsersQuery, useCreateUserMutation, useUpdateUserMutation, useDeleteUserMutation } =
  usersApi;
