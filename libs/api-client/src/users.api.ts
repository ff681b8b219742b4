import { createUser, deleteUser, readUsers, updateUser } from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';
import { listTags } from './request';

/** Console users (back-office §7.4). */
export const usersApi = injectAreaEndpoints((call) => ({
  readUsers: call.query(readUsers, (result) => listTags('User', result?.docs, (user) => user.username)),
  createUser: call.mutation(createUser, [{ type: 'User', id: 'LIST' }]),
  updateUser: call.mutation(updateUser, (_result, _error, { username }) => [{ type: 'User', id: username }]),
  deleteUser: call.mutation(deleteUser, (_result, _error, { username }) => [
    { type: 'User', id: 'LIST' },
    { type: 'User', id: username },
  ]),
}));

export const { useReadUsersQuery, useCreateUserMutation, useUpdateUserMutation, useDeleteUserMutation } =
  usersApi;
