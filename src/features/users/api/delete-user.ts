import { USERS_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { USER_CHANGE_RELOADS } from './revalidate';

/** `DELETE /users/{id}`. */
const deleteUser: Mutation<[id: string], void> = {
  call: async (api, id) => {
    await api.delete(`/users/${encodeURIComponent(id)}`);
  },
  fallback: USERS_ERRORS.deleteUser,
  reloads: USER_CHANGE_RELOADS,
};

export const useDeleteUser = () => useMutation(deleteUser);
