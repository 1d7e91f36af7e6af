// Expiry reminders by e-mail (docs/mail.md): whether mail is configured and its test e-mail (owners and admins),
// and each signed-in user's own reminder setting, over an in-memory store.
import { delay, http, HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  DEFAULT_REMINDER_TIME,
  MAIL_MESSAGES,
  MESSAGES,
  updatePreferencesRequestSchema,
  type MailStatus,
  type mailStatusResponseSchema,
  type mailTestResponseSchema,
  type preferencesResponseSchema,
} from '../../src/contract';
import { actorOf, api, errorResponse, jsonOf, refusal, validationFailed } from './directory-common';

/** A server with mail configured: the default of every story. */
export const mailOn: MailStatus = {
  enabled: true,
  from: 'License Console <licences@studio.example>',
  reminderTime: DEFAULT_REMINDER_TIME,
};
/** A server without SMTP_URL and MAIL_FROM. */
export const mailOff: MailStatus = { enabled: false, from: null, reminderTime: DEFAULT_REMINDER_TIME };

export function mailHandlers(status: MailStatus = mailOn) {
  // Per signed-in user (by e-mail): reminders are on until the user turns them off.
  const remindersOff = new Set<string>();
  return [
    http.get(api('/mail/status'), ({ request }) => {
      const denied = refusal(request, 'mail:manage');
      if (denied) return denied;
      return HttpResponse.json({ data: status } satisfies z.input<typeof mailStatusResponseSchema>);
    }),
    http.post(api('/mail/test'), async ({ request }) => {
      const denied = refusal(request, 'mail:manage');
      if (denied) return denied;
      if (!status.enabled) return errorResponse(409, MAIL_MESSAGES.mailOff, 'CONFLICT');
      // The real server waits for the mail server's answer; a moment shows the pending button.
      await delay(150);
      const to = actorOf(request)?.email ?? '';
      return HttpResponse.json({ data: { to } } satisfies z.input<typeof mailTestResponseSchema>);
    }),
    http.get(api('/auth/preferences'), ({ request }) => {
      const actor = actorOf(request);
      if (!actor) return errorResponse(401, MESSAGES.unauthenticated, 'UNAUTHENTICATED');
      return HttpResponse.json({
        data: { expiryReminders: !remindersOff.has(actor.email) },
      } satisfies z.input<typeof preferencesResponseSchema>);
    }),
    http.put(api('/auth/preferences'), async ({ request }) => {
      const actor = actorOf(request);
      if (!actor) return errorResponse(401, MESSAGES.unauthenticated, 'UNAUTHENTICATED');
      const parsed = updatePreferencesRequestSchema.safeParse(await jsonOf(request));
      if (!parsed.success) return validationFailed(parsed.error);
      if (parsed.data.expiryReminders) remindersOff.delete(actor.email);
      else remindersOff.add(actor.email);
      return HttpResponse.json({ data: parsed.data } satisfies z.input<typeof preferencesResponseSchema>);
    }),
  ];
}

/** Answers stories and tests override the defaults with (`msw.use`). */
export const mailMocks = {
  /** The mail server refuses the test e-mail (the server's 502). */
  testRefused: () =>
    http.post(api('/mail/test'), () =>
      errorResponse(502, MAIL_MESSAGES.mailRefused('550 5.7.1 Relaying denied'), 'MAIL_REFUSED'),
    ),
  statusFails: () =>
    http.get(api('/mail/status'), () => errorResponse(500, MESSAGES.internal, 'INTERNAL'), { once: true }),
  statusNeverAnswers: () => http.get(api('/mail/status'), () => delay('infinite')),
  /** The user's setting is off already. */
  remindersOff: () =>
    http.get(api('/auth/preferences'), () =>
      HttpResponse.json({ data: { expiryReminders: false } } satisfies z.input<
        typeof preferencesResponseSchema
      >),
    ),
  /** The user's setting fails to load once; Retry then gets it. */
  preferencesFailOnce: () =>
    http.get(api('/auth/preferences'), () => errorResponse(500, MESSAGES.internal, 'INTERNAL'), {
      once: true,
    }),
  saveFails: () =>
    http.put(api('/auth/preferences'), () => errorResponse(500, MESSAGES.internal, 'INTERNAL'), {
      once: true,
    }),
};
