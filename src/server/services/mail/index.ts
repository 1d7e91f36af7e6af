// Expiry reminders by e-mail (docs/mail.md), one module per concern:
// - transport.ts: one message through SMTP_URL as MAIL_FROM (nodemailer), refusals in words safe to show;
// - digest.ts and digest-message.ts: each recipient's digest, its reminder marks and outbox row in one transaction;
// - digest-schedule.ts: the daily run at REMINDER_TIME, claimed once a day across processes, completed after a crash;
// - outbox.ts and dispatcher.ts: the mail outbox, sent in every process with SKIP LOCKED claims, retries and backoff;
// - preferences.ts, unsubscribe-tokens.ts, html.ts: each user's switch, the signed unsubscribe link and its pages.
import { eq } from 'drizzle-orm';
import {
  MAIL_MESSAGES,
  OUTGOING_MAIL_TEXTS,
  type MailStatus,
  type Preferences,
} from '../../../contract/mail';
import { users } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../errors';
import type { Actor, AppContext } from '../shared/context';
import { createDigestScheduler } from './digest-schedule';
import { createMailDispatcher, type MailDispatcherOptions } from './dispatcher';
import { page } from './html';
import { createMailPreferences } from './preferences';
import { createMailSender, isMailOn, MailRefusedError } from './transport';
import type { UnsubscribeTokens } from './unsubscribe-tokens';

/** The test e-mail is sent while its request waits: cut after this long. */
export const MAIL_TEST_TIMEOUT_MS = 10_000;

export interface MailService {
  status(): MailStatus;
  /** Sends a test e-mail to the caller's own address, now: 409 when mail is off, 502 when the server refuses. */
  sendTest(actor: Actor): Promise<{ to: string }>;
  preferences(userId: string): Promise<Preferences>;
  updatePreferences(actor: Actor, input: Preferences): Promise<Preferences>;
  /** The page of an unsubscribe link (changes nothing: mail scanners open links). */
  unsubscribePage(token: string): Promise<string>;
  /** Turns reminders off for the link's recipient (its one-click POST); answers the confirmation page. */
  unsubscribe(token: string): Promise<string>;
}

export function createMailService(ctx: AppContext, tokens: UnsubscribeTokens): MailService {
  const { db, env, log } = ctx;
  const preferences = createMailPreferences(ctx, tokens);
  return {
    status: () => ({
      enabled: isMailOn(env),
      from: isMailOn(env) ? env.MAIL_FROM : null,
      reminderTime: env.REMINDER_TIME,
    }),

    async sendTest(actor) {
      if (!isMailOn(env) || !env.PUBLIC_URL) throw conflict(MAIL_MESSAGES.mailOff);
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.id));
      if (!user) throw notFound('User');
      const sender = createMailSender(env, MAIL_TEST_TIMEOUT_MS);
      try {
        await sender.send({
          to: user.email,
          subject: OUTGOING_MAIL_TEXTS.testSubject,
          text: OUTGOING_MAIL_TEXTS.testBody(env.PUBLIC_URL, env.REMINDER_TIME),
        });
      } catch (error) {
        const reason = error instanceof MailRefusedError ? error.reason : 'The message could not be sent';
        log.warn({ event: 'mail.test_refused', userId: actor.id, reason }, 'test e-mail refused');
        throw new HttpError(502, 'MAIL_REFUSED', MAIL_MESSAGES.mailRefused(reason));
      } finally {
        sender.close();
      }
      log.info({ event: 'mail.test_sent', userId: actor.id }, 'test e-mail sent');
      return { to: user.email };
    },

    preferences: (userId) => preferences.get(userId),
    updatePreferences: (actor, input) => preferences.update(actor, input),

    async unsubscribePage(token) {
      const recipient = await preferences.recipientOf(token);
      return page({
        title: OUTGOING_MAIL_TEXTS.unsubscribeTitle,
        paragraphs: [OUTGOING_MAIL_TEXTS.unsubscribeQuestion(recipient.address)],
        // The same address: the token rides along in the query, and the POST is the one-click unsubscribe.
        form: {
          action: `?token=${encodeURIComponent(token)}`,
          button: OUTGOING_MAIL_TEXTS.unsubscribeButton,
        },
      });
    },

    async unsubscribe(token) {
      const recipient = await preferences.unsubscribe(token);
      return page({
        title: OUTGOING_MAIL_TEXTS.unsubscribedTitle,
        paragraphs: [
          recipient.kind === 'user'
            ? OUTGOING_MAIL_TEXTS.unsubscribedUser(recipient.address)
            : OUTGOING_MAIL_TEXTS.unsubscribedContact(recipient.address),
        ],
      });
    },
  };
}

export interface MailJobs {
  start(): void;
  stop(): Promise<void>;
}

/**
 * The periodic mail work of a process while mail is on: the daily digest's tick and the outbox dispatcher. Started and
 * stopped with the app (app.ts), like the expiry sweep and the webhook dispatcher.
 */
export function createMailJobs(
  ctx: AppContext & { tokens: UnsubscribeTokens },
  options: { digestIntervalMs?: number; dispatchIntervalMs?: number } & MailDispatcherOptions = {},
): MailJobs {
  const scheduler = createDigestScheduler(ctx);
  const dispatcher = createMailDispatcher(ctx, options);
  return {
    start() {
      scheduler.start(options.digestIntervalMs);
      dispatcher.start(options.dispatchIntervalMs);
    },
    async stop() {
      await scheduler.stop();
      await dispatcher.stop();
    },
  };
}

export { createMailDispatcher, purgeMail, type MailDispatcher } from './dispatcher';
export { runDailyDigest, createDigestScheduler } from './digest-schedule';
export { queueDigests } from './digest';
export { createUnsubscribeTokens, type UnsubscribeTokens } from './unsubscribe-tokens';
export { isMailOn } from './transport';
