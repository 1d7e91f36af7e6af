import { USERS_ERRORS } from '../../../contract/ui-texts';
import { userResponseSchema, type UpdateUserRequest, type User } from '../../../contract/users';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { USER_CHANGE_RELOADS } from './revalidate';

/** `PUT /users/{id}` with the fields to change (the form's, or `{ isActive }` alone). */
const updateUser: Mutation<[id: string, body: UpdateUserRequest], User> = {
  call: async (api, id, body) =>
    (await api.put(`/users/${encodeURIComponent(id)}`, { body, schema: userResponseSchema })).data,
  fallback: USERS_ERRORS.updateUser,
  reloads: USER_CHANGE_RELOADS,
};

export const useUpdateUser = () => useMutation(updateUser);
