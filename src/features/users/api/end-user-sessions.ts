import { USER_SESSIONS_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';

/** `DELETE /users/{id}/sessions`: signs the user out everywhere (every session, with its tokens, ends at once). */
const endUserSessions: Mutation<[id: string], void> = {
  call: async (api, id) => {
    await api.delete(`/users/${encodeURIComponent(id)}/sessions`);
  },
  fallback: USER_SESSIONS_ERRORS.endUserSessions,
  // Nothing a list shows changes: sessions are not part of a user's row.
  reloads: [],
};

export const useEndUserSessions = () => useMutation(endUserSessions);
