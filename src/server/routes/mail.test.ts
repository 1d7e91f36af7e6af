// The mail routes on the real app, with a real SMTP server on loopback that wants a user name and password
// (tests/support/smtp-server.ts): the status and the test e-mail per role (and when the server refuses, or mail is
// off), each person's preferences, and the unsubscribe link of a real digest (its page, the one-click POST, tampered
// tokens, a client's contact). The SMTP password is never in an answer or a log line.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  API_TOKEN_MESSAGES,
  DAY_MS,
  MAIL_MESSAGES,
  MAIL_PRODUCT_NAME,
  OUTGOING_MAIL_TEXTS,
  errorBodySchema,
  mailStatusResponseSchema,
  mailTestResponseSchema,
  preferencesResponseSchema,
} from '../../contract';
import { activities, clientUsers, clients, users } from '../db/schema';
import { createMailDispatcher, createUnsubscribeTokens, queueDigests } from '../services/mail';
import { anonymous, callerAs, createApiToken, routeTestApp } from '../../../tests/support/callers';
import { certificateBody, certificateInStatus, insertClient } from '../../../tests/support/certificates';
import { startSmtpServer, type ReceivedMail } from '../../../tests/support/smtp-server';
import { createTestApp, createUser, TestClock, type TestUser } from '../../../tests/support/test-app';

const PUBLIC_URL = 'https://licences.example.test';
const SMTP_USER = 'relay-user';
// Characters a URL must encode, so the test sees the password however it is written.
const SMTP_PASS = 'Relay p@ss/w0rd:%;x';
const smtp = await startSmtpServer({ auth: { user: SMTP_USER, pass: SMTP_PASS } });
const mailEnv = {
  SMTP_URL: smtp.url,
  MAIL_FROM: 'licences@example.test',
  PUBLIC_URL,
  LOG_LEVEL: 'info',
  ACCESS_TOKEN_TTL_SECONDS: '86400',
};
const clock = new TestClock();
const logLines: string[] = [];
const { ctx, owner, admin, editor, viewer } = routeTestApp({
  clock,
  logLines,
  mail: false,
  webhookDispatcher: false,
  env: mailEnv,
});
afterAll(() => smtp.close());

const nobody = () => anonymous(ctx);
const secretForms = [SMTP_PASS, encodeURIComponent(SMTP_PASS)];

describe('GET /mail/status', () => {
  it('tells owners and admins (and their API tokens) that mail is on, from whom and when', async () => {
    const token = await createApiToken(ctx, owner, { name: 'mail status', role: 'admin' });
    for (const caller of [owner, admin, token.caller]) {
      const response = await caller.get('/mail/status');
      expect(response.statusCode, response.body).toBe(200);
      expect(mailStatusResponseSchema.parse(response.json()).data).toEqual({
        enabled: true,
        from: 'licences@example.test',
        reminderTime: '08:00',
      });
    }
    expect((await editor.get('/mail/status')).statusCode).toBe(403);
    expect((await viewer.get('/mail/status')).statusCode).toBe(403);
    expect((await nobody().get('/mail/status')).statusCode).toBe(401);
  });

  it('says mail is off without SMTP_URL and MAIL_FROM, and the test e-mail is then a 409', async () => {
    const off = await createTestApp({ env: { REMINDER_TIME: '06:30' } });
    try {
      const offOwner = await callerAs(off, 'owner');
      expect((await offOwner.get('/mail/status')).json()).toEqual({
        data: { enabled: false, from: null, reminderTime: '06:30' },
      });
      const test = await offOwner.post('/mail/test');
      expect(test.statusCode).toBe(409);
      expect(errorBodySchema.parse(test.json())).toEqual({
        code: 'CONFLICT',
        message: MAIL_MESSAGES.mailOff,
      });
    } finally {
      await off.close();
    }
  });
});

describe('POST /mail/test', () => {
  it("sends a test e-mail to the caller's own address, for owners and admins signed in", async () => {
    for (const caller of [owner, admin]) {
      const response = await caller.post('/mail/test');
      expect(response.statusCode, response.body).toBe(200);
      expect(mailTestResponseSchema.parse(response.json()).data).toEqual({ to: caller.user.email });
      const [mail] = smtp.to(caller.user.email);
      expect(mail?.parsed.subject).toBe(OUTGOING_MAIL_TEXTS.testSubject);
      expect(mail?.parsed.text?.trim()).toBe(OUTGOING_MAIL_TEXTS.testBody(PUBLIC_URL, '08:00'));
      // A bare MAIL_FROM gets the product's name.
      expect(mail?.parsed.from?.value[0]).toMatchObject({
        name: MAIL_PRODUCT_NAME,
        address: 'licences@example.test',
      });
    }
    expect((await editor.post('/mail/test')).statusCode).toBe(403);
    expect((await viewer.post('/mail/test')).statusCode).toBe(403);
    expect((await nobody().post('/mail/test')).statusCode).toBe(401);
    // An API token has no address of its own: the test is for a person.
    const token = await createApiToken(ctx, owner, { name: 'mail test', role: 'admin' });
    const byToken = await token.caller.post('/mail/test');
    expect(byToken.statusCode).toBe(403);
    expect(errorBodySchema.parse(byToken.json()).message).toBe(API_TOKEN_MESSAGES.notForTokens);
  });

  it("answers 502 with the mail server's own answer when it refuses", async () => {
    smtp.refuse({ code: 550, message: 'Relaying denied' });
    try {
      const response = await owner.post('/mail/test');
      expect(response.statusCode).toBe(502);
      const body = errorBodySchema.parse(response.json());
      expect(body.code).toBe('MAIL_REFUSED');
      expect(body.message).toMatch(/^The mail server did not accept the test e-mail: 550 .*Relaying denied$/);
    } finally {
      smtp.refuse(null);
    }
  });

  it('answers 502 without the password when the login fails, and when nobody listens', async () => {
    const wrong = 'Wr0ng-p@ss-never-shown';
    const closed = await startSmtpServer();
    await closed.close();
    for (const [url, reason] of [
      [
        `smtp://${SMTP_USER}:${encodeURIComponent(wrong)}@127.0.0.1:${smtp.port}`,
        /Invalid (login|username)/i,
      ],
      [`smtp://${SMTP_USER}:${encodeURIComponent(wrong)}@127.0.0.1:${closed.port}`, /ECONNREFUSED|connect/i],
    ] as const) {
      const lines: string[] = [];
      const other = await createTestApp({ env: { ...mailEnv, SMTP_URL: url }, logLines: lines });
      try {
        const response = await (await callerAs(other, 'owner')).post('/mail/test');
        expect(response.statusCode).toBe(502);
        const { message } = errorBodySchema.parse(response.json());
        expect(message).toMatch(reason);
        for (const secret of [wrong, encodeURIComponent(wrong)]) {
          expect(message).not.toContain(secret);
          expect(lines.join('\n')).not.toContain(secret);
        }
      } finally {
        await other.close();
      }
    }
  });
});

describe('GET and PUT /auth/preferences', () => {
  it("reads and changes the caller's own switch, recording a change once", async () => {
    const user = await createUser(ctx, 'viewer', { name: 'Pia Preferences' });
    const pia = await callerAs(ctx, user);
    expect(preferencesResponseSchema.parse((await pia.get('/auth/preferences')).json()).data).toEqual({
      expiryReminders: true,
    });
    const off = await pia.put('/auth/preferences', { expiryReminders: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ data: { expiryReminders: false } });
    expect((await pia.get('/auth/preferences')).json()).toEqual({ data: { expiryReminders: false } });
    expect((await pia.put('/auth/preferences', { expiryReminders: false })).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.expiryReminders).toBe(false);
    const recorded = await ctx.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.targetId, user.id), eq(activities.type, 'user.preferences_changed')));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      actorId: user.id,
      actorName: 'Pia Preferences',
      description: 'Pia Preferences turned expiry reminders off',
    });
    // Someone else's switch is not theirs to read: every caller gets their own.
    expect((await viewer.get('/auth/preferences')).json()).toEqual({ data: { expiryReminders: true } });
  });

  it('refuses a bad body with 400, nobody with 401 and API tokens with 403', async () => {
    for (const body of [{}, { expiryReminders: 'no' }, { expiryReminders: null }]) {
      const response = await editor.put('/auth/preferences', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorBodySchema.parse(response.json())).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { expiryReminders: 'expiryReminders must be true or false' },
      });
    }
    expect((await nobody().get('/auth/preferences')).statusCode).toBe(401);
    expect((await nobody().put('/auth/preferences', { expiryReminders: false })).statusCode).toBe(401);
    const token = await createApiToken(ctx, owner, { name: 'preferences', role: 'viewer' });
    expect((await token.caller.get('/auth/preferences')).statusCode).toBe(403);
    expect((await token.caller.put('/auth/preferences', { expiryReminders: false })).statusCode).toBe(403);
  });
});

describe('the unsubscribe link', () => {
  const tokensOf = () => createUnsubscribeTokens(ctx.database.db, ctx.env);
  /** Queues and sends what is due, as the mail jobs of a process do. */
  async function runDigest() {
    await queueDigests({ db: ctx.database.db, env: ctx.env, tokens: await tokensOf() }, clock.now());
    const dispatcher = createMailDispatcher({
      db: ctx.database.db,
      log: ctx.app.log,
      now: clock.now,
      env: ctx.env,
    });
    await dispatcher.runOnce();
    await dispatcher.stop();
  }
  /** A new editor of a new client with a certificate ending in 3 days, and the contact of that client asked for. */
  async function recipients(): Promise<{ user: TestUser; clientId: string; contact: string }> {
    const contact = `contact-${Date.now()}@client.example`;
    const client = await insertClient(ctx.database.db, { contactEmail: contact, remindContact: true });
    const user = await createUser(ctx, 'editor');
    await ctx.database.db.insert(clientUsers).values({ clientId: client.id, userId: user.id });
    const now = clock.now().getTime();
    await certificateInStatus(
      owner,
      'active',
      certificateBody(client.id, now - DAY_MS, { validTo: now + 3 * DAY_MS }),
    );
    return { user, clientId: client.id, contact };
  }
  /** The path of a mail's List-Unsubscribe link, to call on this app. */
  const linkOf = (mail: ReceivedMail) => {
    const header = mail.parsed.headerLines.find((line) => line.key === 'list-unsubscribe')!.line;
    const url = /<([^>]+)>/.exec(header.replace(/\r?\n[ \t]+/g, ''))![1]!;
    expect(url.startsWith(`${PUBLIC_URL}/api/v1/mail/unsubscribe?token=`)).toBe(true);
    return url.slice(PUBLIC_URL.length);
  };
  const reminderActivities = (targetId: string, type: string) =>
    ctx.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.targetId, targetId), eq(activities.type, type)));

  it('shows a page that asks, and turns the reminders off only on its one-click POST', async () => {
    const { user } = await recipients();
    await runDigest();
    const [mail] = smtp.to(user.email);
    const link = linkOf(mail!);

    const page = await nobody().inject({ method: 'GET', url: link });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("form-action 'self'");
    expect(page.body).toContain(OUTGOING_MAIL_TEXTS.unsubscribeTitle);
    expect(page.body).toContain(user.email);
    const token = new URL(link, PUBLIC_URL).searchParams.get('token')!;
    expect(page.body).toContain(`<form method="post" action="?token=${token}">`);
    expect(page.body).not.toMatch(/<script|<img|src=/i);
    // Opening the link changed nothing (mail scanners open links).
    const stillOn = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stillOn[0]?.expiryReminders).toBe(true);

    // RFC 8058: the mail client posts `List-Unsubscribe=One-Click`, form-encoded.
    const done = await nobody().inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(done.body).toContain(OUTGOING_MAIL_TEXTS.unsubscribedTitle);
    expect(done.body).toContain(OUTGOING_MAIL_TEXTS.unsubscribedUser(user.email).replace(/\s+/g, ' '));
    const [off] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(off?.expiryReminders).toBe(false);
    const recorded = await reminderActivities(user.id, 'user.preferences_changed');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      actorId: user.id,
      description: `${user.name} turned expiry reminders off (unsubscribe link)`,
    });

    // Again (multipart this time, as some clients send it): the same page, nothing more recorded.
    const again = await nobody().inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(again.statusCode).toBe(200);
    expect(await reminderActivities(user.id, 'user.preferences_changed')).toHaveLength(1);

    // And the next digest leaves them out.
    const client = await ctx.database.db
      .select({ clientId: clientUsers.clientId })
      .from(clientUsers)
      .where(eq(clientUsers.userId, user.id));
    const now = clock.now().getTime();
    await certificateInStatus(
      owner,
      'active',
      certificateBody(client[0]!.clientId, now - DAY_MS, { validTo: now + 2 * DAY_MS }),
    );
    await runDigest();
    expect(smtp.to(user.email)).toHaveLength(1);
  });

  it("turns a client's contact reminders off from the contact's own link", async () => {
    const { clientId, contact } = await recipients();
    await runDigest();
    const [mail] = smtp.to(contact);
    expect(mail?.parsed.subject).toBe(`${MAIL_PRODUCT_NAME}: 1 certificate expires soon`);
    const link = linkOf(mail!);
    expect((await nobody().inject({ method: 'GET', url: link })).body).toContain(contact);
    const done = await nobody().inject({ method: 'POST', url: link });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain(OUTGOING_MAIL_TEXTS.unsubscribedContact(contact));
    const [client] = await ctx.database.db.select().from(clients).where(eq(clients.id, clientId));
    expect(client?.remindContact).toBe(false);
    const recorded = await reminderActivities(clientId, 'client.updated');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ actorId: null });
    expect(recorded[0]?.description).toContain('contact reminders off (unsubscribe link of');
  });

  it('refuses a tampered, foreign or missing token with 400, changing nothing', async () => {
    const user = await createUser(ctx, 'viewer');
    const other = await createUser(ctx, 'viewer');
    const tokens = await tokensOf();
    const good = tokens.sign({ kind: 'user', id: user.id });
    const mac = good.split('.')[2]!;
    const flipped = `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`;
    const bad = [
      flipped,
      `user.${other.id}.${mac}`,
      `contact.${user.id}.${mac}`,
      good.toUpperCase(),
      'user.not-a-uuid.x',
      '',
      'x'.repeat(201),
    ];
    // Signed, but for someone who is gone.
    const gone = await createUser(ctx, 'viewer');
    await ctx.database.db.update(users).set({ deletedAt: clock.now() }).where(eq(users.id, gone.id));
    bad.push(tokens.sign({ kind: 'user', id: gone.id }));
    const before = await ctx.database.db.$count(activities);
    for (const token of bad)
      for (const method of ['GET', 'POST'] as const) {
        const response = await nobody().inject({
          method,
          url: `/api/v1/mail/unsubscribe?token=${encodeURIComponent(token)}`,
        });
        expect(response.statusCode, `${method} ${token}`).toBe(400);
        expect(errorBodySchema.parse(response.json())).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: MAIL_MESSAGES.unsubscribeInvalid,
        });
      }
    const missing = await nobody().inject({ method: 'POST', url: '/api/v1/mail/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    expect(errorBodySchema.parse(missing.json()).message).toBe(MAIL_MESSAGES.unsubscribeInvalid);
    expect(await ctx.database.db.$count(activities)).toBe(before);
    const rows = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(rows[0]?.expiryReminders).toBe(true);
  });
});

describe("the app's own mail jobs", () => {
  it("send the day's digests at REMINDER_TIME without anyone driving them", async () => {
    const jobsClock = new TestClock(Date.parse('2026-09-01T07:00:00Z'));
    const app = await createTestApp({
      clock: jobsClock,
      env: { ...mailEnv, REMINDER_TIME: '07:30' },
      mail: { digestIntervalMs: 50, dispatchIntervalMs: 50 },
    });
    try {
      const appOwner = await callerAs(app, 'owner');
      const client = await insertClient(app.database.db);
      const user = await createUser(app, 'viewer');
      await app.database.db.insert(clientUsers).values({ clientId: client.id, userId: user.id });
      const now = jobsClock.now().getTime();
      await certificateInStatus(
        appOwner,
        'active',
        certificateBody(client.id, now - DAY_MS, { validTo: now + 3 * DAY_MS }),
      );
      // Ticking before REMINDER_TIME sends nothing.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.to(user.email)).toEqual([]);
      jobsClock.set(Date.parse('2026-09-01T07:30:00Z'));
      const deadline = Date.now() + 10_000;
      while (smtp.to(user.email).length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(smtp.to(user.email)).toHaveLength(1);
      expect(smtp.to(user.email)[0]!.parsed.subject).toBe(`${MAIL_PRODUCT_NAME}: 1 certificate expires soon`);
    } finally {
      await app.close();
    }
  });
});

describe('logs', () => {
  it('never hold the SMTP password', () => {
    expect(logLines.length).toBeGreaterThan(0);
    for (const secret of secretForms) expect(logLines.join('\n')).not.toContain(secret);
  });
});
