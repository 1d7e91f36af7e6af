// The daily digest against a real SMTP server on loopback (tests/support/smtp-server.ts): who gets what (assigned
// editors and viewers their clients, owners and admins everything, nobody who opted out or is disabled, a client's
// contact when asked), what the e-mail says (subject, text and HTML parts, links, List-Unsubscribe), once-only sending
// (the same day, the next day, a renewal), the daily claim (due time, a run that died completed without a second
// e-mail) and, on PostgreSQL, two processes running the day and the outbox at once.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDay } from '../../../contract/common';
import { DAY_MS } from '../../../contract/constants';
import { MAIL_PRODUCT_NAME, OUTGOING_MAIL_TEXTS, type MailRecipientKind } from '../../../contract/mail';
import { openDatabase, type Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { clientUsers, mailDigestRuns, mailOutbox, mailReminders, users } from '../../db/schema';
import { callerAs, type SignedInCaller } from '#tests/support/callers.ts';
import {
  certificateBody,
  certificateInStatus,
  insertClient,
  type ClientFixture,
} from '#tests/support/certificates.ts';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '#tests/support/smtp-server.ts';
import {
  createTestApp,
  createUser,
  TestClock,
  type TestContext,
  type TestUser,
} from '#tests/support/test-app.ts';
import { runDailyDigest, type DailyDigestContext } from './digest-schedule';
import { queueDigests } from './digest';
import { createMailDispatcher, purgeMail } from './dispatcher';
import { createUnsubscribeTokens, type UnsubscribeTokens } from './unsubscribe-tokens';

const PUBLIC_URL = 'https://licences.example.test';
const HOUR_MS = 60 * 60 * 1000;

let smtp: TestSmtpServer;
let ctx: TestContext;
let tokens: UnsubscribeTokens;
const clock = new TestClock(Date.parse('2026-06-15T12:00:00Z'));
/** The owner who makes the fixtures; their own reminders are off, so they get no mail. */
let operatorUser: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({
    clock,
    mail: false,
    webhookDispatcher: false,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Licences <licences@example.test>',
      PUBLIC_URL,
      REMINDER_TIME: '08:00',
      ACCESS_TOKEN_TTL_SECONDS: '86400',
    },
  });
  tokens = await createUnsubscribeTokens(ctx.database.db, ctx.env);
  operatorUser = await createUser(ctx, 'owner');
  await setReminders(operatorUser.id, false);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const db = () => ctx.database.db;
const digestCtx = (database: Db = db(), now = clock.now): DailyDigestContext => ({
  db: database,
  env: ctx.env,
  now,
  log: ctx.app.log,
  tokens,
});
const dispatcher = (database: Db = db(), schedule: readonly number[] = [60]) =>
  createMailDispatcher({ db: database, log: ctx.app.log, now: clock.now, env: ctx.env }, { schedule });
/** Sends everything due now, as the dispatcher of a process does. */
async function deliver() {
  const sending = dispatcher();
  const result = await sending.runOnce();
  await sending.stop();
  return result;
}

async function setReminders(userId: string, on: boolean) {
  await db().update(users).set({ expiryReminders: on }).where(eq(users.id, userId));
}
async function assign(userId: string, ...clients: ClientFixture[]) {
  await db()
    .insert(clientUsers)
    .values(clients.map((client) => ({ clientId: client.id, userId })));
}
/** Signed in anew each time: the clock moves by days in this file, past any access token. */
const operator = (): Promise<SignedInCaller> => callerAs(ctx, operatorUser);

/** A certificate through the API, in `status`, ending `endsIn` ms from now. */
async function certificate(
  client: ClientFixture,
  status: 'pending' | 'active' | 'distributed' | 'revoked',
  endsIn: number,
) {
  const now = clock.now().getTime();
  return certificateInStatus(
    await operator(),
    status,
    // Serial numbers none of which contains another, so a digest's text can be searched for each.
    certificateBody(client.id, now - DAY_MS, {
      validTo: now + endsIn,
      serialNumber: `MAIL-${randomUUID().slice(0, 8).toUpperCase()}`,
    }),
  );
}

const mailTo = (address: string) => smtp.to(address);
const onlyMailTo = (address: string) => {
  const mails = mailTo(address);
  expect(mails, `mail to ${address}`).toHaveLength(1);
  return mails[0]!;
};
const textOf = (mail: ReceivedMail) => mail.parsed.text ?? '';
const htmlOf = (mail: ReceivedMail) => (typeof mail.parsed.html === 'string' ? mail.parsed.html : '');
/** A header as it arrived, unfolded. */
const header = (mail: ReceivedMail, name: string) =>
  mail.parsed.headerLines
    .find((line) => line.key === name.toLowerCase())
    ?.line.slice(name.length + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
const certificateLink = (id: string) => `${PUBLIC_URL}/certificates/${id}`;
/** The reminders marked for a recipient, as `serial@days`. */
async function marked(kind: MailRecipientKind, id: string): Promise<string[]> {
  const rows = await queryRows<{ serial_number: string; days: number }>(
    db(),
    sql`select c.serial_number, m.days from mail_reminders m join certificates c on c.id = m.certificate_id
      where m.recipient_kind = ${kind} and m.recipient_id = ${id}::uuid order by c.serial_number, m.days`,
  );
  return rows.map((row) => `${row.serial_number}@${row.days}`).sort();
}

describe('the daily digest', () => {
  // The cast of the first tests, made once.
  let acme: ClientFixture;
  let borealis: ClientFixture;
  let contactClient: ClientFixture;
  let owner: TestUser;
  let admin: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let optedOut: TestUser;
  let disabled: TestUser;
  const ids: Record<string, { uuid: string; serialNumber: string; validTo: number }> = {};

  beforeAll(async () => {
    // A name with markup: the HTML part must show it as text.
    acme = await insertClient(db(), { name: 'Acme <Post> & Sons' });
    borealis = await insertClient(db(), { name: 'Borealis Films' });
    contactClient = await insertClient(db(), {
      name: 'Contact Studios',
      contactEmail: 'Buyer@Contact.example',
      remindContact: true,
    });
    owner = await createUser(ctx, 'owner', { name: 'Olga Owner' });
    admin = await createUser(ctx, 'admin', { name: 'Adam Admin' });
    editor = await createUser(ctx, 'editor', { name: 'Eve Editor' });
    viewer = await createUser(ctx, 'viewer', { name: 'Victor Viewer' });
    optedOut = await createUser(ctx, 'editor', { name: 'Otto Optedout' });
    disabled = await createUser(ctx, 'editor', { name: 'Dora Disabled', isActive: false });
    await setReminders(optedOut.id, false);
    await assign(editor.id, acme);
    await assign(viewer.id, borealis);
    await assign(optedOut.id, acme);
    await assign(disabled.id, acme);

    ids.acme7 = await certificate(acme, 'active', 5 * DAY_MS);
    ids.acme30 = await certificate(acme, 'active', 20 * DAY_MS);
    ids.acmeLater = await certificate(acme, 'active', 60 * DAY_MS);
    ids.acmePending = await certificate(acme, 'pending', 3 * DAY_MS);
    ids.acmeRevoked = await certificate(acme, 'revoked', 3 * DAY_MS);
    ids.borealis1 = await certificate(borealis, 'active', 12 * HOUR_MS);
    ids.borealisDistributed = await certificate(borealis, 'distributed', 6 * DAY_MS);
    ids.contact30 = await certificate(contactClient, 'active', 25 * DAY_MS);
  });

  it('sends each recipient one digest of what is theirs, once the day is due', async () => {
    const run = await runDailyDigest(digestCtx());
    expect(run).toMatchObject({ day: '2026-06-15' });
    expect(run!.messages).toBeGreaterThanOrEqual(5);
    expect(await deliver()).toMatchObject({ sent: run!.messages, attempts: run!.messages });

    // An editor: the certificates of their clients that reached a threshold, soonest first.
    const toEditor = onlyMailTo(editor.email);
    expect(toEditor.parsed.subject).toBe(`${MAIL_PRODUCT_NAME}: 2 certificates expire soon`);
    expect(toEditor.parsed.from?.value[0]).toMatchObject({
      name: 'Licences',
      address: 'licences@example.test',
    });
    expect(toEditor.to).toEqual([editor.email]);
    const text = textOf(toEditor);
    expect(text).toContain('Hello Eve Editor,');
    expect(text).toContain(
      `- ${ids.acme7!.serialNumber}, ${acme.name}: expires ${describeDay(ids.acme7!.validTo)}, in 5 days\n  ${certificateLink(ids.acme7!.uuid)}`,
    );
    expect(text).toContain(
      `- ${ids.acme30!.serialNumber}, ${acme.name}: expires ${describeDay(ids.acme30!.validTo)}, in 20 days`,
    );
    expect(text.indexOf(ids.acme7!.serialNumber)).toBeLessThan(text.indexOf(ids.acme30!.serialNumber));
    for (const other of ['acmeLater', 'acmePending', 'acmeRevoked', 'borealis1', 'contact30'])
      expect(text, other).not.toContain(ids[other]!.serialNumber);
    expect(text).toContain(`${OUTGOING_MAIL_TEXTS.staffFooter} ${PUBLIC_URL}/account`);

    // The HTML part says the same, escaped, with plain links and nothing that could track.
    const html = htmlOf(toEditor);
    expect(html).toContain(`<a href="${certificateLink(ids.acme7!.uuid)}">${ids.acme7!.serialNumber}</a>`);
    expect(html).toContain('Acme &lt;Post&gt; &amp; Sons');
    expect(html).not.toContain('Acme <Post>');
    expect(html).not.toMatch(/<img|<script|src=/i);
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
    for (const href of hrefs) expect(href.startsWith(`${PUBLIC_URL}/`), href).toBe(true);

    // The list headers: the link to unsubscribe, and its one-click POST (RFC 8058).
    const unsubscribe = header(toEditor, 'List-Unsubscribe');
    expect(unsubscribe).toMatch(
      new RegExp(`^<${PUBLIC_URL}/api/v1/mail/unsubscribe\\?token=user\\.${editor.id}\\.[A-Za-z0-9_-]{43}>$`),
    );
    expect(header(toEditor, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(toEditor, 'Auto-Submitted')).toBe('auto-generated');
    expect(text).toContain(`Unsubscribe: ${unsubscribe!.slice(1, -1)}`);

    // A viewer: their client's certificates, the 1-day threshold included, distributed ones too.
    const toViewer = onlyMailTo(viewer.email);
    expect(toViewer.parsed.subject).toBe(`${MAIL_PRODUCT_NAME}: 2 certificates expire soon`);
    expect(textOf(toViewer)).toContain(
      `- ${ids.borealis1!.serialNumber}, Borealis Films: expires ${describeDay(ids.borealis1!.validTo)}, in 1 day`,
    );
    expect(textOf(toViewer)).toContain(ids.borealisDistributed!.serialNumber);

    // Owners and admins: everything that reached a threshold, whoever it is assigned to.
    for (const everything of [owner, admin]) {
      const mail = onlyMailTo(everything.email);
      for (const key of ['acme7', 'acme30', 'borealis1', 'borealisDistributed', 'contact30'])
        expect(textOf(mail), `${everything.role}: ${key}`).toContain(ids[key]!.serialNumber);
      for (const key of ['acmeLater', 'acmePending', 'acmeRevoked'])
        expect(textOf(mail), `${everything.role}: ${key}`).not.toContain(ids[key]!.serialNumber);
    }

    // Nobody who opted out, nobody disabled, not the operator who turned reminders off.
    expect(mailTo(optedOut.email)).toEqual([]);
    expect(mailTo(disabled.email)).toEqual([]);
    expect(mailTo(operatorUser.email)).toEqual([]);

    // The client's contact: its own certificates, without links into the console.
    const toContact = onlyMailTo('buyer@contact.example');
    expect(toContact.parsed.subject).toBe(`${MAIL_PRODUCT_NAME}: 1 certificate expires soon`);
    expect(textOf(toContact)).toContain('Hello,');
    expect(textOf(toContact)).toContain(OUTGOING_MAIL_TEXTS.contactIntro('Contact Studios', 1));
    expect(textOf(toContact)).toContain(
      `- ${ids.contact30!.serialNumber}: expires ${describeDay(ids.contact30!.validTo)}, in 25 days`,
    );
    expect(textOf(toContact)).not.toContain('/certificates/');
    expect(htmlOf(toContact)).not.toContain('/certificates/');
    expect(header(toContact, 'List-Unsubscribe')).toContain(`token=contact.${contactClient.id}.`);

    expect(await marked('user', editor.id)).toEqual(
      [`${ids.acme7!.serialNumber}@7`, `${ids.acme30!.serialNumber}@30`].sort(),
    );
  });

  it('sends nothing new on a second run of the day, a second queueing, or the next day before a new threshold', async () => {
    const before = smtp.received.length;
    const outboxBefore = await db().$count(mailOutbox);
    expect(await runDailyDigest(digestCtx())).toBeNull();
    expect(await queueDigests(digestCtx(), clock.now())).toBe(0);
    clock.advance(DAY_MS);
    const nextDay = await runDailyDigest(digestCtx());
    expect(nextDay).toMatchObject({ day: '2026-06-16', messages: 0 });
    await deliver();
    expect(smtp.received.length).toBe(before);
    expect(await db().$count(mailOutbox)).toBe(outboxBefore);
  });

  it('reminds again at the next threshold, and a renewed certificate again before its new end', async () => {
    // Day 4 after the first: acme7 has 1 day left (its 1-day threshold); borealis1 has lapsed.
    clock.advance(3 * DAY_MS);
    const run = await runDailyDigest(digestCtx());
    expect(run?.messages).toBeGreaterThanOrEqual(3);
    await deliver();
    const toEditor = mailTo(editor.email);
    expect(toEditor).toHaveLength(2);
    expect(toEditor[1]!.parsed.subject).toBe(`${MAIL_PRODUCT_NAME}: 1 certificate expires soon`);
    expect(textOf(toEditor[1]!)).toContain(`${ids.acme7!.serialNumber}, ${acme.name}: expires`);
    expect(textOf(toEditor[1]!)).toContain('in 1 day');
    expect(textOf(toEditor[1]!)).not.toContain(ids.acme30!.serialNumber);
    expect(mailTo(viewer.email)).toHaveLength(1);

    // Renewed to end in 6 days: a new end, so the 7-day reminder comes again (the next day's run).
    const renewed = await (
      await operator()
    ).post(`/certificates/${ids.acme7!.uuid}/renew`, { validTo: clock.now().getTime() + 6 * DAY_MS });
    expect(renewed.statusCode, renewed.body).toBe(200);
    clock.advance(DAY_MS);
    await runDailyDigest(digestCtx());
    await deliver();
    expect(mailTo(editor.email)).toHaveLength(3);
    const again = mailTo(editor.email)[2]!;
    expect(textOf(again)).toContain(`${ids.acme7!.serialNumber}, ${acme.name}: expires`);
    expect(textOf(again)).toContain('in 5 days');
    expect(await marked('user', editor.id)).toEqual(
      [
        `${ids.acme30!.serialNumber}@30`,
        `${ids.acme7!.serialNumber}@1`,
        `${ids.acme7!.serialNumber}@7`,
        `${ids.acme7!.serialNumber}@7`,
      ].sort(),
    );
  });

  it('sends a user who turns reminders off nothing, and one who turns them on what is new for them', async () => {
    const client = await insertClient(db());
    const user = await createUser(ctx, 'editor');
    await assign(user.id, client);
    await setReminders(user.id, false);
    await certificate(client, 'active', 3 * DAY_MS);
    await queueDigests(digestCtx(), clock.now());
    await deliver();
    expect(mailTo(user.email)).toEqual([]);
    await setReminders(user.id, true);
    await queueDigests(digestCtx(), clock.now());
    await deliver();
    expect(onlyMailTo(user.email).parsed.subject).toBe(`${MAIL_PRODUCT_NAME}: 1 certificate expires soon`);
  });

  it('does not remind the contact of a client that is inactive or has no contact e-mail', async () => {
    const inactive = await insertClient(db(), {
      contactEmail: 'inactive@contact.example',
      remindContact: true,
    });
    const noAddress = await insertClient(db(), { remindContact: true });
    const notAsked = await insertClient(db(), { contactEmail: 'notasked@contact.example' });
    for (const client of [inactive, noAddress, notAsked]) await certificate(client, 'active', 2 * DAY_MS);
    await db().execute(sql`update clients set is_active = false where id = ${inactive.id}::uuid`);
    await queueDigests(digestCtx(), clock.now());
    await deliver();
    expect(mailTo('inactive@contact.example')).toEqual([]);
    expect(mailTo('notasked@contact.example')).toEqual([]);
    expect(await marked('contact', noAddress.id)).toEqual([]);
  });
});

/** Everyone made so far stops getting reminders: the tests below count the e-mail of the recipients they make. */
const quietEveryone = () => db().update(users).set({ expiryReminders: false });

describe('the daily claim', () => {
  beforeAll(quietEveryone);

  it('waits for REMINDER_TIME, then runs the day once', async () => {
    clock.set(Date.parse('2026-07-01T07:59:00Z'));
    expect(await runDailyDigest(digestCtx())).toBeNull();
    expect(await db().$count(mailDigestRuns, eq(mailDigestRuns.day, '2026-07-01'))).toBe(0);
    clock.set(Date.parse('2026-07-01T08:00:00Z'));
    expect(await runDailyDigest(digestCtx())).toMatchObject({ day: '2026-07-01' });
    clock.set(Date.parse('2026-07-01T23:00:00Z'));
    expect(await runDailyDigest(digestCtx())).toBeNull();
  });

  it('completes a run that died after its lease, at the time it started, with no second e-mail to anyone', async () => {
    clock.set(Date.parse('2026-07-02T09:00:00Z'));
    // Four new recipients (in id order, the only ones with reminders on), each with something new.
    const client = await insertClient(db());
    const cast = [];
    for (let i = 0; i < 4; i += 1) {
      const user = await createUser(ctx, 'viewer');
      await assign(user.id, client);
      cast.push(user);
    }
    await certificate(client, 'active', 3 * DAY_MS);
    const startedAt = clock.now();
    // A process whose clock fails after its second recipient (the run reads it at its start and after each
    // recipient): the run dies with its day claimed and unfinished, two digests queued.
    let reads = 0;
    const failing = () => {
      reads += 1;
      if (reads > 2) throw new Error('the process died');
      return clock.now();
    };
    await expect(runDailyDigest(digestCtx(db(), failing))).rejects.toThrow('the process died');
    const [claimed] = await db().select().from(mailDigestRuns).where(eq(mailDigestRuns.day, '2026-07-02'));
    expect(claimed).toMatchObject({ finishedAt: null });
    const reachedBefore = (
      await db()
        .select({ id: mailReminders.recipientId })
        .from(mailReminders)
        .where(
          inArray(
            mailReminders.recipientId,
            cast.map((user) => user.id),
          ),
        )
    ).length;
    expect(reachedBefore).toBe(2);

    // While the lease holds, nobody takes the day; after it, the next tick completes it with the run's own time.
    clock.advance(60_000);
    expect(await runDailyDigest(digestCtx())).toBeNull();
    clock.advance(10 * 60_000);
    const completed = await runDailyDigest(digestCtx());
    expect(completed?.startedAt.getTime()).toBe(startedAt.getTime());
    const [finished] = await db().select().from(mailDigestRuns).where(eq(mailDigestRuns.day, '2026-07-02'));
    expect(finished?.finishedAt).not.toBeNull();
    await deliver();
    for (const user of cast) expect(mailTo(user.email), user.email).toHaveLength(1);
  });
});

describe('sending', () => {
  beforeAll(quietEveryone);

  /** A recipient with one new certificate, and its digest queued. */
  async function queuedDigestFor() {
    const client = await insertClient(db());
    const user = await createUser(ctx, 'editor');
    await assign(user.id, client);
    await certificate(client, 'active', 2 * DAY_MS);
    await queueDigests(digestCtx(), clock.now());
    const [message] = await db().select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email));
    return { user, message: message! };
  }
  const messageRow = async (id: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

  it('leaves a message the mail server refuses retrying, and sends it on a later pass', async () => {
    // Whatever else is due goes first, so only this message is in play.
    await deliver();
    const { user, message } = await queuedDigestFor();
    smtp.refuse({ code: 451, message: 'Try again later' });
    try {
      const sending = dispatcher(db(), [60, 300]);
      expect(await sending.runOnce()).toMatchObject({ attempts: 1, sent: 0 });
      const failed = await messageRow(message.id);
      expect(failed).toMatchObject({ status: 'retrying', attempt: 1 });
      expect(failed.lastError).toContain('451 Try again later');
      const wait = failed.nextAttemptAt!.getTime() - clock.now().getTime();
      expect(wait).toBeGreaterThanOrEqual(60_000);
      expect(wait).toBeLessThanOrEqual(66_000);
      // Not due yet: nothing is tried.
      expect(await sending.runOnce()).toMatchObject({ attempts: 0 });
      await sending.stop();
    } finally {
      smtp.refuse(null);
    }
    expect(mailTo(user.email)).toEqual([]);
    clock.advance(2 * 60_000);
    expect(await deliver()).toMatchObject({ attempts: 1, sent: 1 });
    expect(await messageRow(message.id)).toMatchObject({ status: 'sent', attempt: 2, lastError: null });
    expect(onlyMailTo(user.email).parsed.subject).toBe(`${MAIL_PRODUCT_NAME}: 1 certificate expires soon`);
    expect(await deliver()).toMatchObject({ attempts: 0 });
  });

  it('gives a message up when the schedule is spent, and retries a server nobody listens on', async () => {
    const { message } = await queuedDigestFor();
    // A port nothing listens on: the closed server of a stopped mail relay.
    const closed = await startSmtpServer();
    await closed.close();
    const unreachable = createMailDispatcher(
      { db: db(), log: ctx.app.log, now: clock.now, env: { ...ctx.env, SMTP_URL: closed.url } },
      { schedule: [60] },
    );
    await unreachable.runOnce();
    const first = await messageRow(message.id);
    expect(first).toMatchObject({ status: 'retrying', attempt: 1 });
    expect(first.lastError).toMatch(/ECONNREFUSED|connect/i);
    clock.advance(2 * 60_000);
    await unreachable.runOnce();
    await unreachable.stop();
    expect(await messageRow(message.id)).toMatchObject({ status: 'dead', attempt: 2, nextAttemptAt: null });
  });

  it('cuts a mail server that never answers at the timeout and schedules a retry', async () => {
    await deliver();
    const { message } = await queuedDigestFor();
    const { createServer } = await import('node:net');
    const silent = createServer(() => {}); // accepts, never greets
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const hanging = createMailDispatcher(
        {
          db: db(),
          log: ctx.app.log,
          now: clock.now,
          env: { ...ctx.env, SMTP_URL: `smtp://127.0.0.1:${port}` },
        },
        { schedule: [60], timeoutMs: 300 },
      );
      const started = Date.now();
      await hanging.runOnce();
      await hanging.stop();
      expect(Date.now() - started).toBeLessThan(5000);
      const row = await messageRow(message.id);
      expect(row).toMatchObject({ status: 'retrying', attempt: 1 });
      expect(row.lastError).toBe('No answer within 0.3 s');
    } finally {
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('purges old sent and dead messages, finished runs and the marks of certificates long past their end', async () => {
    const later = new Date(clock.now().getTime() + 400 * DAY_MS);
    const before = await db().$count(mailOutbox);
    expect(before).toBeGreaterThan(0);
    expect(await purgeMail(db(), later)).toBe(before);
    expect(await db().$count(mailOutbox)).toBe(0);
    expect(await db().$count(mailReminders)).toBe(0);
    expect(await db().$count(mailDigestRuns)).toBe(0);
  });
});

describe('two processes', () => {
  beforeAll(quietEveryone);

  it('run the day and send the outbox at once without a second e-mail to anyone', async () => {
    // On PostgreSQL a second pool on the same database, as a second server process has; on PGlite the one process.
    const second = ctx.database.url
      ? await openDatabase({ kind: 'postgres', url: ctx.database.url, poolSize: 5 }, { migrate: false })
      : undefined;
    try {
      clock.set(Date.parse('2026-08-03T08:30:00Z'));
      const client = await insertClient(db());
      const cast: TestUser[] = [];
      for (let i = 0; i < 12; i += 1) {
        const user = await createUser(ctx, i % 2 ? 'viewer' : 'editor');
        await assign(user.id, client);
        cast.push(user);
      }
      for (let i = 0; i < 3; i += 1) await certificate(client, 'active', (2 + i) * DAY_MS);
      const other = second?.db ?? db();
      const runs = await Promise.all([runDailyDigest(digestCtx()), runDailyDigest(digestCtx(other))]);
      // The day is claimed once; and whatever the claim, the marks let no recipient have two digests.
      expect(runs.filter((run) => run !== null)).toHaveLength(1);
      // A second queueing from the other process at the same moment finds everything marked.
      await Promise.all([
        queueDigests(digestCtx(), clock.now()),
        queueDigests(digestCtx(other), clock.now()),
      ]);
      const a = dispatcher();
      const b = dispatcher(other);
      for (let round = 0; round < 3; round += 1)
        await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      await Promise.all([a.stop(), b.stop()]);
      for (const user of cast) {
        const mails = mailTo(user.email);
        expect(mails, user.email).toHaveLength(1);
        expect(mails[0]!.parsed.subject).toBe(`${MAIL_PRODUCT_NAME}: 3 certificates expire soon`);
      }
      const rows = await db()
        .select()
        .from(mailOutbox)
        .where(
          and(
            inArray(
              mailOutbox.recipient,
              cast.map((user) => user.email),
            ),
          ),
        );
      expect(rows).toHaveLength(cast.length);
      expect(rows.every((row) => row.status === 'sent' && row.attempt === 1)).toBe(true);
    } finally {
      await second?.close();
    }
  });
});
