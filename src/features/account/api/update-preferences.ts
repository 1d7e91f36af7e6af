import { preferencesResponseSchema, type Preferences } from '../../../contract/mail';
import { MAIL_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { accountKeys } from './keys';

/** `PUT /auth/preferences`: saves the user's own settings; the answer is the new state, put in the cache. */
const updatePreferences: Mutation<[body: Preferences], Preferences> = {
  call: async (api, body) =>
    (await api.put('/auth/preferences', { body, schema: preferencesResponseSchema })).data,
  fallback: MAIL_ERRORS.updatePreferences,
  reloads: [],
  onSuccess: (mutate, saved) => mutate(accountKeys.preferences(), saved, { revalidate: false }),
};

export const useUpdatePreferences = () => useMutation(updatePreferences);
