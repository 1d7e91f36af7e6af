// Default handlers: what a healthy server answers. Stories and tests override per case with `msw.use`.
import { authHandlers } from './auth';
import { certificateHandlers, createCertificateStore } from './certificates';
import { dashboardHandlers } from './dashboard';
import { licensingHandlers } from './licensing';
import { directoryHandlers } from './directory';
import { sessionHandlers } from './sessions';
import { apiTokenHandlers } from './api-tokens';
import { webhookHandlers } from './webhooks';
import { mailHandlers } from './mail';
import { signInHandlers } from './sign-in';
import { searchHandlers } from './search';
import { backupHandlers } from './backups';
import { createDirectoryData } from '../fixtures/users-clients';

export {
  authHandlers,
  loginFailsWith,
  loginFailures,
  loginNeverAnswers,
  refreshFails,
  validateNeverAnswers,
} from './auth';

/**
 * Every default handler over data of its own: the stores the certificates, directory, sessions, tokens, webhooks,
 * mail and sign-in handlers keep change as a story creates, edits or deletes, so each story gets a new set
 * (.storybook/preview.tsx) and never sees what the story before it did.
 */
export const createDefaultHandlers = () => {
  // The search finds what the certificates and directory handlers hold now.
  const certificates = createCertificateStore();
  const directory = createDirectoryData();
  return [
    ...authHandlers,
    ...dashboardHandlers(),
    ...licensingHandlers(),
    ...certificateHandlers(certificates),
    ...directoryHandlers(directory),
    ...searchHandlers(certificates, directory),
    ...sessionHandlers(),
    ...apiTokenHandlers(),
    ...webhookHandlers(),
    ...mailHandlers(),
    ...signInHandlers(),
    ...backupHandlers(),
  ];
};

export const handlers = createDefaultHandlers();
