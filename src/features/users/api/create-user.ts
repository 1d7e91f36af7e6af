import { USERS_ERRORS } from '../../../contract/ui-texts';
import { userResponseSchema, type CreateUserRequest, type User } from '../../../contract/users';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { USER_CHANGE_RELOADS } from './revalidate';

/** `POST /users`. */
const createUser: Mutation<[body: CreateUserRequest], User> = {
  call: async (api, body) => (await api.post('/users', { body, schema: userResponseSchema })).data,
  fallback: USERS_ERRORS.createUser,
  reloads: USER_CHANGE_RELOADS,
};

export const useCreateUser = () => useMutation(createUser);
