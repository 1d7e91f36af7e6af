import { assignedClientUsersResponseSchema, type ClientUser } from '../../../contract/clients';
import { CLIENTS_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { clientKeys } from './keys';
import { CLIENT_CHANGE_RELOADS } from './revalidate';

/** `PUT /clients/{id}/users` with the complete list of the client's users. */
const assignClientUsers: Mutation<[id: string, userUuids: string[]], ClientUser[]> = {
  call: async (api, id, userUuids) =>
    (
      await api.put(`/clients/${encodeURIComponent(id)}/users`, {
        body: { userUuids },
        schema: assignedClientUsersResponseSchema,
      })
    ).data,
  fallback: CLIENTS_ERRORS.assignUsers,
  reloads: CLIENT_CHANGE_RELOADS,
  // The answer is the new assignment: cache it, so reopening the modal starts from it, not from the old list.
  onSuccess: (mutate, users, id) => mutate(clientKeys.users(id), users, { revalidate: false }),
};

export const useAssignClientUsers = () => useMutation(assignClientUsers);
