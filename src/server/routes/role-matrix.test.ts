// The whole role matrix of the API issue: every endpoint under /api/v1 × owner, admin, editor, viewer and an
// anonymous caller. The expectations are written out from docs/requirements.md#roles (the role groups of
// tests/support/callers.ts, not derived from `can()`), and a last test checks that the table names every route the server describes in its OpenAPI document.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, ROLE_IDS, type RoleName } from '../../contract';
import { createUser, signIn, TestClock, TEST_PASSWORD, type TestUser } from '../../../tests/support/test-app';
import {
  anyone,
  callersByRole,
  DELETERS,
  expectSuccess,
  only,
  OWNER_ONLY,
  READERS,
  statusesByRole,
  USER_MANAGERS,
  WRITERS,
  type ApiRequest,
  type Callers,
  type Method,
  type RoleAnswers,
  type SignedInCaller,
  type Who,
  callerWith,
  testAppPerFile,
} from '../../../tests/support/callers';
import { codeFor, enrolThroughApi } from '../../../tests/support/mfa';
import { appSettings, users } from '../db/schema';
import { createUnsubscribeTokens } from '../services/mail';

const clock = new TestClock();
let callers: Callers;
let signInUser: TestUser;

const ctx = testAppPerFile({ clock, webhookDispatcher: false });

beforeAll(async () => {
  callers = await callersByRole(ctx);
  signInUser = await createUser(ctx, 'viewer');
});

/** Fixtures are made by the owner through the API, fresh for every call, so one role's delete never spoils the next. */
async function ownerCall(
  method: Method,
  url: string,
  payload?: object,
): Promise<{ data: { uuid: string; id: string } }> {
  return (await expectSuccess(callers.owner, method, url, payload)).json();
}
const newClient = async () =>
  (await ownerCall('POST', '/clients', { name: `Matrix ${randomUUID()}` })).data.uuid;
const newStaff = async (role: RoleName) => (await createUser(ctx, role)).id;
async function newCertificate(status: 'pending' | 'active') {
  const from = clock.now().getTime();
  const { uuid } = (
    await ownerCall('POST', '/certificates', {
      clientId: await newClient(),
      serialNumber: `RM-${randomUUID()}`,
      studioCount: 1,
      userCount: 1,
      validFrom: from,
      validTo: from + 365 * DAY_MS,
    })
  ).data;
  if (status === 'active') await ownerCall('POST', `/certificates/${uuid}/activate`);
  return uuid;
}

/** A webhook to a port nothing listens on (the dispatcher is stopped in this file anyway). */
const newWebhook = async () =>
  (await ownerCall('POST', '/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['certificate.revoked'] }))
    .data.id;

/** The unsubscribe link's token of a new viewer, as a digest to them would carry it. */
const unsubscribeToken = async () =>
  (await createUnsubscribeTokens(ctx.database.db, ctx.env)).sign({
    kind: 'user',
    id: await newStaff('viewer'),
  });

/** A second session of the caller's own user (anonymous: an id nobody has), to end by id. */
async function otherSessionOf(who: Who): Promise<string> {
  if (who === 'anonymous') return randomUUID();
  const other = await signIn(ctx, callers[who].user);
  const list = (
    await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers: other.headers })
  ).json() as { data: { id: string; current: boolean }[] };
  return list.data.find((session) => session.current)!.id;
}

/** A staff user of `role` whose codes are on (a reset reads no secret, so the stored one need not decrypt). */
async function staffWithCodes(role: RoleName): Promise<string> {
  const id = await newStaff(role);
  await ctx.database.db
    .update(users)
    .set({ mfaSecret: 'v1.a.b.c', mfaEnabledAt: clock.now() })
    .where(eq(users.id, id));
  return id;
}

/** One user with codes on, whose recovery codes sign in one row's call each: the second step's body. */
let mfaUser: { user: TestUser; recoveryCodes: string[] } | undefined;
async function mfaSignInStep(): Promise<{ mfaToken: string; code: string }> {
  if (!mfaUser) {
    const user = await createUser(ctx, 'viewer');
    const { recoveryCodes } = await enrolThroughApi(
      callerWith(ctx, (await signIn(ctx, user)).headers),
      clock,
    );
    mfaUser = { user, recoveryCodes };
  }
  const answer = await callers.anonymous.post('/auth/login', {
    email: mfaUser.user.email,
    password: TEST_PASSWORD,
  });
  return {
    mfaToken: (answer.json() as { data: { mfaToken: string } }).data.mfaToken,
    code: mfaUser.recoveryCodes.pop()!,
  };
}

/** The mfaToken of a sign-in the owners' rule sends to enrol (the rule is on for that sign-in only). */
async function enrolmentToken(): Promise<string> {
  const rule = (mfaRequired: boolean) =>
    ctx.database.db
      .insert(appSettings)
      .values({ key: 'sign_in', value: { passwordLogin: true, mfaRequired } })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: { passwordLogin: true, mfaRequired } } });
  await rule(true);
  try {
    const user = await createUser(ctx, 'viewer');
    const answer = await callers.anonymous.post('/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    return (answer.json() as { data: { mfaToken: string } }).data.mfaToken;
  } finally {
    await rule(false);
  }
}

/** A caller's own codes, turned on or off through the API whatever they were, for the rows that need either. */
const hasCodes = async (caller: SignedInCaller) =>
  ((await caller.get('/auth/mfa')).json() as { data: { enabled: boolean } }).data.enabled;
async function codesOff(caller: SignedInCaller) {
  if (await hasCodes(caller)) await expectSuccess(caller, 'DELETE', '/auth/mfa', { password: TEST_PASSWORD });
}
async function codesOn(caller: SignedInCaller) {
  if (!(await hasCodes(caller))) await enrolThroughApi(caller, clock);
}
/** A code of a new authenticator waiting for confirmation. */
async function pendingCodeOf(caller: SignedInCaller): Promise<string> {
  await codesOff(caller);
  const started = await expectSuccess(caller, 'POST', '/auth/mfa/enrolment', { password: TEST_PASSWORD });
  return codeFor((started.json() as { data: { secret: string } }).data.secret, clock);
}

interface Row {
  /** `METHOD /api/v1/path/{id}` as the OpenAPI document names it. */
  route: string;
  /** What distinguishes two rows of one route (e.g. the target's role). */
  variant?: string;
  expected: RoleAnswers;
  request: (who: Who) => Promise<ApiRequest>;
}

const table: Row[] = [
  // Auth: public, except the password change, which any signed-in user may make.
  {
    route: 'POST /api/v1/auth/login',
    expected: anyone(200),
    request: async () => ['POST', '/auth/login', { email: signInUser.email, password: TEST_PASSWORD }],
  },
  {
    route: 'POST /api/v1/auth/refresh',
    expected: anyone(200),
    request: async () => [
      'POST',
      '/auth/refresh',
      { refreshToken: (await signIn(ctx, signInUser)).refreshToken },
    ],
  },
  {
    route: 'POST /api/v1/auth/validate',
    expected: anyone(200),
    request: async () => ['POST', '/auth/validate', { token: callers.viewer.accessToken }],
  },
  {
    route: 'POST /api/v1/auth/logout',
    expected: anyone(204),
    request: async () => [
      'POST',
      '/auth/logout',
      { refreshToken: (await signIn(ctx, signInUser)).refreshToken },
    ],
  },
  {
    route: 'POST /api/v1/auth/password',
    expected: only(READERS, 204),
    request: async (who) => [
      'POST',
      '/auth/password',
      {
        currentPassword: TEST_PASSWORD,
        newPassword: TEST_PASSWORD,
        ...(who === 'anonymous' ? {} : { refreshToken: callers[who].refreshToken }),
      },
    ],
  },

  // Sessions: every signed-in person reads and ends their own; owners and admins those of staff they manage.
  {
    route: 'GET /api/v1/auth/sessions',
    expected: only(READERS, 200),
    request: async () => ['GET', '/auth/sessions'],
  },
  {
    route: 'DELETE /api/v1/auth/sessions',
    expected: only(READERS, 204),
    request: async () => ['DELETE', '/auth/sessions'],
  },
  {
    route: 'DELETE /api/v1/auth/sessions/{id}',
    expected: only(READERS, 204),
    request: async (who) => ['DELETE', `/auth/sessions/${await otherSessionOf(who)}`],
  },
  {
    route: 'GET /api/v1/users/{id}/sessions',
    expected: only(USER_MANAGERS, 200),
    request: async () => ['GET', `/users/${await newStaff('viewer')}/sessions`],
  },
  {
    route: 'DELETE /api/v1/users/{id}/sessions',
    expected: only(USER_MANAGERS, 204),
    request: async () => ['DELETE', `/users/${await newStaff('viewer')}/sessions`],
  },

  // Two-factor codes: the sign-in steps are public (their mfaToken is the credential); every signed-in
  // person manages their own codes; owners and admins reset another user's (an owner's: owners only).
  {
    route: 'POST /api/v1/auth/login/mfa',
    expected: anyone(200),
    request: async () => ['POST', '/auth/login/mfa', await mfaSignInStep()],
  },
  {
    route: 'POST /api/v1/auth/login/mfa/enrolment',
    expected: anyone(200),
    request: async () => ['POST', '/auth/login/mfa/enrolment', { mfaToken: await enrolmentToken() }],
  },
  {
    route: 'GET /api/v1/auth/mfa',
    expected: only(READERS, 200),
    request: async () => ['GET', '/auth/mfa'],
  },
  {
    route: 'POST /api/v1/auth/mfa/enrolment',
    expected: only(READERS, 200),
    request: async (who) => {
      if (who !== 'anonymous') await codesOff(callers[who]);
      return ['POST', '/auth/mfa/enrolment', { password: TEST_PASSWORD }];
    },
  },
  {
    route: 'POST /api/v1/auth/mfa/enrolment/confirm',
    expected: only(READERS, 200),
    request: async (who) => [
      'POST',
      '/auth/mfa/enrolment/confirm',
      { code: who === 'anonymous' ? '123456' : await pendingCodeOf(callers[who]) },
    ],
  },
  {
    route: 'DELETE /api/v1/auth/mfa',
    expected: only(READERS, 204),
    request: async (who) => {
      if (who !== 'anonymous') await codesOn(callers[who]);
      return ['DELETE', '/auth/mfa', { password: TEST_PASSWORD }];
    },
  },
  {
    route: 'DELETE /api/v1/users/{id}/mfa',
    variant: 'an editor',
    expected: only(USER_MANAGERS, 204),
    request: async () => ['DELETE', `/users/${await staffWithCodes('editor')}/mfa`],
  },
  {
    route: 'DELETE /api/v1/users/{id}/mfa',
    variant: 'an owner',
    expected: only(OWNER_ONLY, 204),
    request: async () => ['DELETE', `/users/${await staffWithCodes('owner')}/mfa`],
  },

  // Sign-in settings: what the sign-in page offers, to anyone; the settings themselves, owners only.
  {
    route: 'GET /api/v1/auth/methods',
    expected: anyone(200),
    request: async () => ['GET', '/auth/methods'],
  },
  // Single sign-on's browser navigations: redirects for anyone (without a provider configured, to the sign-in page).
  {
    route: 'GET /api/v1/auth/oidc/start',
    expected: anyone(302),
    request: async () => ['GET', '/auth/oidc/start?next=/clients'],
  },
  {
    route: 'GET /api/v1/auth/oidc/callback',
    expected: anyone(302),
    request: async () => ['GET', '/auth/oidc/callback?code=x&state=y'],
  },
  {
    route: 'GET /api/v1/settings/sign-in',
    expected: only(OWNER_ONLY, 200),
    request: async () => ['GET', '/settings/sign-in'],
  },
  {
    route: 'PUT /api/v1/settings/sign-in',
    expected: only(OWNER_ONLY, 200),
    request: async () => ['PUT', '/settings/sign-in', { mfaRequired: false }],
  },
  {
    route: 'GET /api/v1/settings/certificate-defaults',
    expected: only(READERS, 200),
    request: async () => ['GET', '/settings/certificate-defaults'],
  },
  {
    route: 'PUT /api/v1/settings/certificate-defaults',
    expected: only(OWNER_ONLY, 200),
    request: async () => [
      'PUT',
      '/settings/certificate-defaults',
      { graceDays: 0, fileLifetimeDays: null, licenseFormat: 'v2' },
    ],
  },

  // Backups: owners only, signed in as themselves (this app has no BACKUP_DIR or BACKUP_KEY: the owner's answer is
  // the 409 saying which to set).
  {
    route: 'GET /api/v1/backups',
    expected: only(OWNER_ONLY, 200),
    request: async () => ['GET', '/backups'],
  },
  {
    route: 'POST /api/v1/backups',
    expected: only(OWNER_ONLY, 409),
    request: async () => ['POST', '/backups'],
  },
  {
    route: 'POST /api/v1/backups/{id}/download',
    expected: only(OWNER_ONLY, 409),
    request: async () => ['POST', `/backups/${randomUUID()}/download`, { password: 'anything' }],
  },

  // API tokens: owners and admins, signed in as themselves.
  {
    route: 'POST /api/v1/api-tokens',
    expected: only(USER_MANAGERS, 201),
    request: async () => ['POST', '/api-tokens', { name: `Matrix ${randomUUID()}`, role: 'viewer' }],
  },
  {
    route: 'GET /api/v1/api-tokens',
    expected: only(USER_MANAGERS, 200),
    request: async () => ['GET', '/api-tokens'],
  },
  {
    route: 'DELETE /api/v1/api-tokens/{id}',
    expected: only(USER_MANAGERS, 204),
    request: async () => [
      'DELETE',
      `/api-tokens/${(await ownerCall('POST', '/api-tokens', { name: `Matrix ${randomUUID()}`, role: 'viewer' })).data.id}`,
    ],
  },

  // Webhooks: owners and admins (webhooks:manage).
  {
    route: 'POST /api/v1/webhooks',
    expected: only(USER_MANAGERS, 201),
    request: async () => [
      'POST',
      '/webhooks',
      { url: 'http://127.0.0.1:9/hook', events: ['certificate.revoked'] },
    ],
  },
  {
    route: 'GET /api/v1/webhooks',
    expected: only(USER_MANAGERS, 200),
    request: async () => ['GET', '/webhooks'],
  },
  {
    route: 'GET /api/v1/webhooks/{id}',
    expected: only(USER_MANAGERS, 200),
    request: async () => ['GET', `/webhooks/${await newWebhook()}`],
  },
  {
    route: 'PUT /api/v1/webhooks/{id}',
    expected: only(USER_MANAGERS, 200),
    request: async () => ['PUT', `/webhooks/${await newWebhook()}`, { description: 'Matrix' }],
  },
  {
    route: 'DELETE /api/v1/webhooks/{id}',
    expected: only(USER_MANAGERS, 204),
    request: async () => ['DELETE', `/webhooks/${await newWebhook()}`],
  },
  {
    route: 'POST /api/v1/webhooks/{id}/rotate-secret',
    expected: only(USER_MANAGERS, 200),
    request: async () => ['POST', `/webhooks/${await newWebhook()}/rotate-secret`],
  },
  {
    route: 'POST /api/v1/webhooks/{id}/test',
    expected: only(USER_MANAGERS, 202),
    request: async () => ['POST', `/webhooks/${await newWebhook()}/test`],
  },
  {
    route: 'GET /api/v1/webhooks/{id}/deliveries',
    expected: only(USER_MANAGERS, 200),
    request: async () => ['GET', `/webhooks/${await newWebhook()}/deliveries`],
  },
  {
    route: 'POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver',
    expected: only(USER_MANAGERS, 202),
    request: async () => {
      const id = await newWebhook();
      const delivery = (await ownerCall('POST', `/webhooks/${id}/test`)).data.id;
      return ['POST', `/webhooks/${id}/deliveries/${delivery}/redeliver`];
    },
  },

  // Mail (docs/mail.md): its status and the test e-mail for owners and admins (mail is off in this app, so the test
  // e-mail is a 409); each person's own preferences; the unsubscribe link is its own credential, no sign-in.
  {
    route: 'GET /api/v1/mail/status',
    expected: only(USER_MANAGERS, 200),
    request: async () => ['GET', '/mail/status'],
  },
  {
    route: 'POST /api/v1/mail/test',
    expected: only(USER_MANAGERS, 409),
    request: async () => ['POST', '/mail/test'],
  },
  {
    route: 'GET /api/v1/auth/preferences',
    expected: only(READERS, 200),
    request: async () => ['GET', '/auth/preferences'],
  },
  {
    route: 'PUT /api/v1/auth/preferences',
    expected: only(READERS, 200),
    request: async () => ['PUT', '/auth/preferences', { expiryReminders: true }],
  },
  {
    route: 'GET /api/v1/mail/unsubscribe',
    expected: anyone(200),
    request: async () => ['GET', `/mail/unsubscribe?token=${await unsubscribeToken()}`],
  },
  {
    route: 'POST /api/v1/mail/unsubscribe',
    expected: anyone(200),
    request: async () => ['POST', `/mail/unsubscribe?token=${await unsubscribeToken()}`],
  },

  // Licensing: machines call anonymously; a staff token of any role is accepted.
  {
    route: 'GET /api/v1/licensing/public-keys',
    expected: anyone(200),
    request: async () => ['GET', '/licensing/public-keys'],
  },
  {
    route: 'POST /api/v1/certificates/validate',
    expected: anyone(200),
    request: async () => ['POST', '/certificates/validate', { license: {} }],
  },
  {
    route: 'POST /api/v1/licensing/check-in',
    expected: anyone(200),
    request: async () => ['POST', '/licensing/check-in', { license: {}, serialNumber: 'SN-MATRIX' }],
  },

  // Dashboard: every role reads.
  {
    route: 'GET /api/v1/dashboard/stats',
    expected: only(READERS, 200),
    request: async () => ['GET', '/dashboard/stats'],
  },
  {
    route: 'GET /api/v1/dashboard/certificate-expiration',
    expected: only(READERS, 200),
    request: async () => ['GET', '/dashboard/certificate-expiration?days=30'],
  },
  {
    route: 'GET /api/v1/dashboard/activity',
    expected: only(READERS, 200),
    request: async () => ['GET', '/dashboard/activity?page=1&limit=10'],
  },
  {
    route: 'GET /api/v1/dashboard/activity/export',
    expected: only(READERS, 200),
    request: async () => ['GET', '/dashboard/activity/export?type=certificate&order=asc'],
  },

  // Search: every role; its users only for the roles that list users (routes/search.test.ts).
  {
    route: 'GET /api/v1/search',
    expected: only(READERS, 200),
    request: async () => ['GET', '/search?q=matrix'],
  },

  // Users: owner and admin; an owner as the target: owner only.
  {
    route: 'GET /api/v1/users',
    expected: only(USER_MANAGERS, 200),
    request: async () => ['GET', '/users?search=a&status=active'],
  },
  {
    route: 'GET /api/v1/users/ids',
    expected: only(USER_MANAGERS, 200),
    request: async () => ['GET', '/users/ids?search=a&status=active'],
  },
  {
    route: 'POST /api/v1/users/bulk',
    expected: only(USER_MANAGERS, 200),
    request: async () => ['POST', '/users/bulk', { action: 'disable', ids: [await newStaff('editor')] }],
  },
  {
    route: 'POST /api/v1/users/bulk',
    variant: 'disable an owner',
    expected: only(USER_MANAGERS, 200),
    // An admin's call succeeds, the owner among the ids coming back as that id's FORBIDDEN (users-clients-bulk.test.ts).
    request: async () => ['POST', '/users/bulk', { action: 'disable', ids: [await newStaff('owner')] }],
  },
  {
    route: 'GET /api/v1/users/roles',
    expected: only(USER_MANAGERS, 200),
    request: async () => ['GET', '/users/roles'],
  },
  {
    route: 'POST /api/v1/users',
    expected: only(USER_MANAGERS, 201),
    request: async () => [
      'POST',
      '/users',
      {
        name: 'New',
        email: `${randomUUID()}@example.test`,
        password: TEST_PASSWORD,
        roleId: ROLE_IDS.editor,
      },
    ],
  },
  {
    route: 'GET /api/v1/users/{id}',
    expected: only(USER_MANAGERS, 200),
    request: async () => ['GET', `/users/${await newStaff('owner')}`],
  },
  {
    route: 'PUT /api/v1/users/{id}',
    variant: 'an editor',
    expected: only(USER_MANAGERS, 200),
    request: async () => [
      'PUT',
      `/users/${await newStaff('editor')}`,
      { name: 'Renamed', roleId: ROLE_IDS.viewer },
    ],
  },
  {
    route: 'PUT /api/v1/users/{id}',
    variant: 'disable an admin',
    expected: only(USER_MANAGERS, 200),
    request: async () => ['PUT', `/users/${await newStaff('admin')}`, { isActive: false }],
  },
  {
    route: 'PUT /api/v1/users/{id}',
    variant: 'edit an owner',
    expected: only(OWNER_ONLY, 200),
    request: async () => ['PUT', `/users/${await newStaff('owner')}`, { name: 'Renamed owner' }],
  },
  {
    route: 'PUT /api/v1/users/{id}',
    variant: 'disable an owner',
    expected: only(OWNER_ONLY, 200),
    request: async () => ['PUT', `/users/${await newStaff('owner')}`, { isActive: false }],
  },
  {
    route: 'DELETE /api/v1/users/{id}',
    variant: 'a viewer',
    expected: only(USER_MANAGERS, 204),
    request: async () => ['DELETE', `/users/${await newStaff('viewer')}`],
  },
  {
    route: 'DELETE /api/v1/users/{id}',
    variant: 'an admin',
    expected: only(USER_MANAGERS, 204),
    request: async () => ['DELETE', `/users/${await newStaff('admin')}`],
  },
  {
    route: 'DELETE /api/v1/users/{id}',
    variant: 'an owner',
    expected: only(OWNER_ONLY, 204),
    request: async () => ['DELETE', `/users/${await newStaff('owner')}`],
  },
  {
    route: 'GET /api/v1/users/{id}/clients',
    expected: only(USER_MANAGERS, 200),
    request: async () => ['GET', `/users/${await newStaff('editor')}/clients`],
  },
  {
    route: 'PUT /api/v1/users/{id}/clients',
    expected: only(USER_MANAGERS, 200),
    request: async () => [
      'PUT',
      `/users/${await newStaff('editor')}/clients`,
      { clientUuids: [await newClient()] },
    ],
  },
  {
    route: 'PUT /api/v1/users/{id}/clients',
    variant: "replace an owner's clients",
    expected: only(OWNER_ONLY, 200),
    request: async () => [
      'PUT',
      `/users/${await newStaff('owner')}/clients`,
      { clientUuids: [await newClient()] },
    ],
  },

  // Clients: every role reads; owner, admin and editor write; owner and admin delete and assign users.
  {
    route: 'GET /api/v1/clients',
    expected: only(READERS, 200),
    request: async () => ['GET', '/clients?search=matrix&status=active'],
  },
  {
    route: 'GET /api/v1/clients/ids',
    expected: only(READERS, 200),
    request: async () => ['GET', '/clients/ids?search=matrix&status=active'],
  },
  {
    route: 'POST /api/v1/clients/bulk',
    expected: only(WRITERS, 200),
    request: async () => ['POST', '/clients/bulk', { action: 'deactivate', ids: [await newClient()] }],
  },
  {
    route: 'POST /api/v1/clients',
    expected: only(WRITERS, 201),
    request: async () => ['POST', '/clients', { name: `Matrix ${randomUUID()}` }],
  },
  {
    route: 'GET /api/v1/clients/export',
    expected: only(READERS, 200),
    request: async () => ['GET', '/clients/export?search=matrix'],
  },
  {
    route: 'GET /api/v1/clients/{id}',
    expected: only(READERS, 200),
    request: async () => ['GET', `/clients/${await newClient()}`],
  },
  {
    route: 'PUT /api/v1/clients/{id}',
    expected: only(WRITERS, 200),
    request: async () => ['PUT', `/clients/${await newClient()}`, { description: 'Edited', isActive: false }],
  },
  {
    route: 'DELETE /api/v1/clients/{id}',
    expected: only(DELETERS, 204),
    request: async () => ['DELETE', `/clients/${await newClient()}`],
  },
  {
    route: 'GET /api/v1/clients/{id}/users',
    expected: only(READERS, 200),
    request: async () => ['GET', `/clients/${await newClient()}/users`],
  },
  {
    route: 'PUT /api/v1/clients/{id}/users',
    expected: only(USER_MANAGERS, 200),
    request: async () => [
      'PUT',
      `/clients/${await newClient()}/users`,
      { userUuids: [await newStaff('viewer')] },
    ],
  },

  // Certificates: every role reads; owner, admin and editor create, edit and run the lifecycle; owner and admin delete.
  {
    route: 'GET /api/v1/certificates',
    expected: only(READERS, 200),
    request: async () => ['GET', '/certificates?status=pending'],
  },
  {
    route: 'POST /api/v1/certificates',
    expected: only(WRITERS, 201),
    request: async () => {
      const from = clock.now().getTime();
      return [
        'POST',
        '/certificates',
        {
          clientId: await newClient(),
          serialNumber: `RM-${randomUUID()}`,
          studioCount: 1,
          userCount: 1,
          validFrom: from,
          validTo: from + DAY_MS,
        },
      ];
    },
  },
  {
    route: 'GET /api/v1/certificates/export',
    expected: only(READERS, 200),
    request: async () => ['GET', '/certificates/export?status=active'],
  },
  {
    route: 'GET /api/v1/certificates/ids',
    expected: only(READERS, 200),
    request: async () => ['GET', '/certificates/ids?status=active'],
  },
  {
    route: 'POST /api/v1/certificates/bulk',
    variant: 'revoke',
    expected: only(WRITERS, 200),
    request: async () => [
      'POST',
      '/certificates/bulk',
      { action: 'revoke', ids: [await newCertificate('active')], reason: 'Matrix' },
    ],
  },
  {
    route: 'POST /api/v1/certificates/bulk',
    variant: 'delete',
    expected: only(DELETERS, 200),
    request: async () => [
      'POST',
      '/certificates/bulk',
      { action: 'delete', ids: [await newCertificate('pending')] },
    ],
  },
  {
    route: 'POST /api/v1/certificates/download',
    expected: only(WRITERS, 200),
    request: async () => ['POST', '/certificates/download', { ids: [await newCertificate('active')] }],
  },
  {
    route: 'GET /api/v1/certificates/{id}',
    expected: only(READERS, 200),
    request: async () => ['GET', `/certificates/${await newCertificate('pending')}`],
  },
  {
    route: 'PUT /api/v1/certificates/{id}',
    expected: only(WRITERS, 200),
    request: async () => [
      'PUT',
      `/certificates/${await newCertificate('pending')}`,
      { notes: 'Edited', status: 'pending' },
    ],
  },
  {
    route: 'DELETE /api/v1/certificates/{id}',
    expected: only(DELETERS, 204),
    request: async () => ['DELETE', `/certificates/${await newCertificate('pending')}`],
  },
  {
    route: 'POST /api/v1/certificates/{id}/activate',
    expected: only(WRITERS, 200),
    request: async () => ['POST', `/certificates/${await newCertificate('pending')}/activate`],
  },
  {
    route: 'POST /api/v1/certificates/{id}/generate',
    expected: only(WRITERS, 200),
    request: async () => ['POST', `/certificates/${await newCertificate('active')}/generate`],
  },
  {
    route: 'POST /api/v1/certificates/{id}/download',
    expected: only(WRITERS, 200),
    request: async () => ['POST', `/certificates/${await newCertificate('active')}/download`],
  },
  {
    route: 'GET /api/v1/certificates/{id}/download',
    expected: only(WRITERS, 200),
    request: async () => ['GET', `/certificates/${await newCertificate('active')}/download`],
  },
  {
    route: 'POST /api/v1/certificates/{id}/renew',
    expected: only(WRITERS, 200),
    request: async () => [
      'POST',
      `/certificates/${await newCertificate('active')}/renew`,
      { validTo: clock.now().getTime() + 730 * DAY_MS },
    ],
  },
  {
    route: 'PUT /api/v1/certificates/{id}/terms',
    expected: only(WRITERS, 200),
    request: async () => ['PUT', `/certificates/${await newCertificate('active')}/terms`, { graceDays: 3 }],
  },
  {
    route: 'POST /api/v1/certificates/{id}/transfer',
    expected: only(WRITERS, 201),
    request: async () => [
      'POST',
      `/certificates/${await newCertificate('active')}/transfer`,
      { serialNumber: `RM-MOVED-${randomUUID()}` },
    ],
  },
  {
    route: 'POST /api/v1/certificates/{id}/revoke',
    expected: only(WRITERS, 200),
    request: async () => [
      'POST',
      `/certificates/${await newCertificate('active')}/revoke`,
      { reason: 'Matrix' },
    ],
  },
  {
    route: 'GET /api/v1/certificates/{id}/records',
    expected: only(READERS, 200),
    request: async () => ['GET', `/certificates/${await newCertificate('active')}/records`],
  },
  {
    route: 'GET /api/v1/certificates/{id}/license-check',
    expected: only(READERS, 200),
    request: async () => ['GET', `/certificates/${await newCertificate('active')}/license-check`],
  },
];

describe('role matrix: every endpoint × every role', () => {
  for (const row of table) {
    it(`${row.route}${row.variant ? ` (${row.variant})` : ''}`, async () => {
      const seen = await statusesByRole(ctx, callers, async (who) => {
        const [method, url, payload] = await row.request(who);
        expect(
          `${method} /api/v1${url.split('?')[0]}`
            .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '{id}')
            .replace('/deliveries/{id}', '/deliveries/{deliveryId}'),
          'the row calls its own route',
        ).toBe(row.route);
        return [method, url, payload];
      });
      expect(seen).toEqual(row.expected);
    });
  }

  it('names every route the server describes', async () => {
    const spec = (await ctx.app.inject('/api/v1/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const described = Object.entries(spec.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .filter((route) => route.includes(' /api/v1/'))
      .sort();
    const covered = [...new Set(table.map((row) => row.route))].sort();
    expect(covered).toEqual(described);
  });
});
