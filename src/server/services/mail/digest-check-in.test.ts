// Missed check-ins in the daily digest, through a real SMTP server on loopback: a staff user is told of the
// certificates of their clients whose machines stopped checking in, once per overdue period (not again the next day,
// again once the machine checked in and went quiet anew); a client's contact never is; a mark outlives the mail
// retention while its period lasts.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../contract/constants';
import type { LicenseFileBody } from '../../../contract/licensing';
import { MAIL_PRODUCT_NAME, OUTGOING_MAIL_TEXTS } from '../../../contract/mail';
import { queryRows } from '../../db/rows';
import { clientUsers, users } from '../../db/schema';
import { anonymous, callerAs, type SignedInCaller } from '#tests/support/callers.ts';
import {
  certificateBody,
  createCertificate,
  insertClient,
  type ClientFixture,
} from '#tests/support/certificates.ts';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp-server.ts';
import {
  createTestApp,
  createUser,
  TestClock,
  type TestContext,
  type TestUser,
} from '#tests/support/test-app.ts';
import { queueDigests } from './digest';
import { createMailDispatcher, purgeMail } from './dispatcher';
import { createUnsubscribeTokens, type UnsubscribeTokens } from './unsubscribe-tokens';

const PUBLIC_URL = 'https://licences.example.test';
const START = Date.parse('2026-06-15T08:00:00Z');
const clock = new TestClock(START);
let smtp: TestSmtpServer;
let ctx: TestContext;
let tokens: UnsubscribeTokens;
let operator: SignedInCaller;
let editor: TestUser;
let acme: ClientFixture;
let other: ClientFixture;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({
    clock,
    mail: false,
    webhookDispatcher: false,
    expirySweep: false,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Licences <licences@example.test>',
      PUBLIC_URL,
      VALIDATE_RATE_LIMIT: '0',
      ACCESS_TOKEN_TTL_SECONDS: '86400',
    },
  });
  tokens = await createUnsubscribeTokens(ctx.database.db, ctx.env);
  const operatorUser = await createUser(ctx, 'owner');
  await ctx.database.db.update(users).set({ expiryReminders: false }).where(eq(users.id, operatorUser.id));
  operator = await callerAs(ctx, operatorUser);
  editor = await createUser(ctx, 'editor', { name: 'Eve Editor' });
  acme = await insertClient(ctx.database.db, {
    name: 'Acme Post',
    contactEmail: 'buyer@acme.example',
    remindContact: true,
  });
  other = await insertClient(ctx.database.db, { name: 'Other Films' });
  await ctx.database.db.insert(clientUsers).values({ clientId: acme.id, userId: editor.id });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

/** An active certificate with a licence file lifetime, its file downloaded (signed) now. */
async function licensed(client: ClientFixture, serialNumber: string, overrides = {}) {
  const now = clock.now().getTime();
  const created = await createCertificate(
    operator,
    certificateBody(client.id, now - DAY_MS, { serialNumber, fileLifetimeDays: 2, ...overrides }),
  );
  expect((await operator.post(`/certificates/${created.uuid}/activate`)).statusCode).toBe(200);
  const download = await operator.post(`/certificates/${created.uuid}/download`);
  expect(download.statusCode, download.body).toBe(200);
  return { id: created.uuid, file: download.json() as LicenseFileBody };
}

/** Queues the day's digests at the test clock and sends them; answers the mails each address got this time. */
async function digestDay() {
  smtp.received.length = 0;
  await queueDigests({ db: ctx.database.db, env: ctx.env, tokens }, clock.now());
  const sending = createMailDispatcher(
    { db: ctx.database.db, log: ctx.app.log, now: clock.now, env: ctx.env },
    { schedule: [60] },
  );
  await sending.runOnce();
  await sending.stop();
  return (address: string) => smtp.to(address);
}

describe('missed check-ins in the digest', () => {
  let quiet: { id: string; file: LicenseFileBody };

  beforeAll(async () => {
    quiet = await licensed(acme, 'CHECKIN-QUIET');
    await licensed(acme, 'CHECKIN-NOLIFE', { fileLifetimeDays: null });
    await licensed(other, 'CHECKIN-OTHER');
  });

  it('tells nobody while every machine is within its lifetime', async () => {
    clock.set(START + DAY_MS);
    const mailsTo = await digestDay();
    expect(mailsTo(editor.email)).toEqual([]);
  });

  it('lists a silent machine to the staff of its client once, and never to the contact', async () => {
    clock.set(START + 3 * DAY_MS);
    const mailsTo = await digestDay();
    const [mail, ...rest] = mailsTo(editor.email);
    expect(rest).toEqual([]);
    expect(mail!.parsed.subject).toBe(`${MAIL_PRODUCT_NAME}: 1 certificate missed its check-in`);
    const text = mail!.parsed.text ?? '';
    expect(text).toContain(OUTGOING_MAIL_TEXTS.overdueIntro(1));
    expect(text).toContain(
      '- CHECKIN-QUIET, Acme Post: no check-in since it was signed Jun 15, 2026, due every 2 days',
    );
    expect(text).toContain(`${PUBLIC_URL}/certificates/${quiet.id}`);
    // Not the certificate without a lifetime, nor another client's.
    expect(text).not.toContain('CHECKIN-NOLIFE');
    expect(text).not.toContain('CHECKIN-OTHER');
    // The contact's digest is about expiring licences only: nothing expires, so nothing is sent.
    expect(mailsTo('buyer@acme.example')).toEqual([]);

    clock.set(START + 4 * DAY_MS);
    expect((await digestDay())(editor.email)).toEqual([]);
  });

  it('tells again after the machine checked in and went quiet anew', async () => {
    const answer = await anonymous(ctx).post('/licensing/check-in', {
      license: quiet.file,
      serialNumber: 'CHECKIN-QUIET',
      machine: { hostname: 'render-01', softwareVersion: '1.0.0' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await ctx.app.licensing.flushUsage();
    const checkedInAt = clock.now().getTime();

    clock.set(checkedInAt + DAY_MS);
    expect((await digestDay())(editor.email)).toEqual([]);

    clock.set(checkedInAt + 3 * DAY_MS);
    const [mail] = (await digestDay())(editor.email);
    expect(mail!.parsed.text).toContain(
      '- CHECKIN-QUIET, Acme Post: last check-in Jun 19, 2026, due every 2 days',
    );
  });

  it('keeps the mark past the mail retention while the period lasts, and purges it once it ended', async () => {
    const marks = () =>
      queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from mail_check_in_reminders where certificate_id = ${quiet.id}::uuid`,
      );
    expect((await marks())[0]!.n).toBe(2);
    // Far past the retention: the first period's mark goes (the machine checked in since), the current one stays.
    await purgeMail(ctx.database.db, new Date(clock.now().getTime() + 400 * DAY_MS));
    expect((await marks())[0]!.n).toBe(1);
  });
});
