import {
  signInSettingsResponseSchema,
  type SignInSettings,
  type UpdateSignInSettings,
} from '../../../contract/sign-in';
import { SETTINGS_ERRORS } from '../../../contract/texts/sign-in';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';
import { settingsKeys } from './keys';

/** `PUT /settings/sign-in`: changes one setting; the answer is the new state, put in the cache. */
const updateSignInSettings: Mutation<[body: UpdateSignInSettings], SignInSettings> = {
  call: async (api, body) =>
    (await api.put('/settings/sign-in', { body, schema: signInSettingsResponseSchema })).data,
  fallback: SETTINGS_ERRORS.update,
  reloads: [],
  onSuccess: (mutate, saved) => mutate(settingsKeys.signIn(), saved, { revalidate: false }),
};

export const useUpdateSignInSettings = () => useMutation(updateSignInSettings);
