// Default handlers: what a healthy server answers. Stories and tests override per case with `msw.use`.
import { authHandlers } from './auth';
import { certificateHandlers } from './certificates';
import { dashboardHandlers } from './dashboard';
import { licensingHandlers } from './licensing';
import { directoryHandlers } from './directory';
import { sessionHandlers } from './sessions';
import { apiTokenHandlers } from './api-tokens';
import { webhookHandlers } from './webhooks';
import { mailHandlers } from './mail';
import { signInHandlers } from './sign-in';

export {
  authHandlers,
  loginFailsWith,
  loginFailures,
  loginNeverAnswers,
  refreshFails,
  validateNeverAnswers,
} from './auth';

export const handlers = [
  ...authHandlers,
  ...dashboardHandlers(),
  ...licensingHandlers(),
  ...certificateHandlers(),
  ...directoryHandlers(),
  ...sessionHandlers(),
  ...apiTokenHandlers(),
  ...webhookHandlers(),
  ...mailHandlers(),
  ...signInHandlers(),
];
