import { exampleUser } from '@equipment-dashboard/contract/testing';
import { describeSlice, json } from './testing/slice-harness';
import { usersApi } from './users.api';

const newUser = {
  username: 'asmith',
  password: 'long-password-1',
  email: 'a@example.com',
  role: 'support',
  active: true,
};
const user = () => json(exampleUser);

describeSlice('users', usersApi.endpoints, {
  readUsers: {
    arg: { page: 1, filterUsername: 'j' },
    query: { page: '1', filterUsername: 'j' },
    respond: () => json({ docs: [exampleUser], totalDocs: 1 }),
  },
  createUser: { arg: newUser, json: newUser, respond: user },
  updateUser: {
    arg: { username: 'asmith', role: 'engineer' },
    json: { username: 'asmith', role: 'engineer' },
    respond: user,
  },
  deleteUser: {
    arg: { username: 'asmith' },
    json: { username: 'asmith' },
    respond: () => json({ username: 'asmith', deleted: true }),
  },
});
