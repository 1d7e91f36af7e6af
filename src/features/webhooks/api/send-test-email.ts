import { mailTestResponseSchema } from '../../../contract/mail';
import { MAIL_ERRORS } from '../../../contract/ui-texts';
import { useMutation, type Mutation } from '../../../lib/api/use-mutation';

/** `POST /mail/test`: a test e-mail to the caller's own address; answers where it went once the mail server took it. */
const sendTestEmail: Mutation<[], string> = {
  call: async (api) => (await api.post('/mail/test', { schema: mailTestResponseSchema })).data.to,
  fallback: MAIL_ERRORS.sendTest,
  // Nothing on screen changes.
  reloads: [],
};

export const useSendTestEmail = () => useMutation(sendTestEmail);
