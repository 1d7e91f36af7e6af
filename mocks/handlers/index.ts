// Default handlers: what a healthy server answers. Stories and tests override per case with `msw.use`.
import { authHandlers } from './auth';

export { authHandlers, loginFailsWith, loginFailures, loginNeverAnswers, refreshFails, validateNeverAnswers } from './auth';

export const handlers = [...authHandlers];
