// Single sign-on's accounts and roles (docs/sign-in.md "Accounts and roles"), with accounts made at the first sign-in
// and roles from the provider's `groups` claim. Here the provider puts its claims in the ID token (as Keycloak does);
// oidc.test.ts reads them from UserInfo.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS, type RoleName } from '../../contract/roles';
import { activities, users } from '../db/schema';
import { SSO_REDIRECT_URI, ssoEnv, ssoSignIn } from '../../../tests/support/oidc-flow';
import {
  startOidcProvider,
  type OidcTestAccount,
  type OidcTestProvider,
} from '../../../tests/support/oidc-provider';
import { createTestApp, createUser, type TestContext } from '../../../tests/support/test-app';
import { anonymous } from '../../../tests/support/callers';

let provider: OidcTestProvider;
let ctx: TestContext;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUri: SSO_REDIRECT_URI, claimsInIdToken: true });
  ctx = await createTestApp({ env: ssoEnv(provider, { OIDC_AUTO_PROVISION: 'on' }) });
});
afterAll(async () => {
  await ctx?.close();
  await provider?.stop();
});

const db = () => ctx.database.db;
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const usersWithEmail = (email: string) => db().select().from(users).where(eq(users.email, email));
const activitiesOf = (type: string, targetId: string) =>
  db()
    .select({ description: activities.description, actorName: activities.actorName })
    .from(activities)
    .where(and(eq(activities.type, type), eq(activities.targetId, targetId)))
    .orderBy(activities.id);

let people = 0;
/** A person at the provider in `groups`, and (unless `role` is null) their console account with the same e-mail. */
async function person(role: RoleName | null, groups: string[]) {
  people += 1;
  const email = `person-${people}@example.test`;
  const user = role ? await createUser(ctx, role, { email }) : undefined;
  const account: OidcTestAccount = {
    sub: `subject-${people}`,
    email,
    email_verified: true,
    name: `Person ${people}`,
    groups,
  };
  return { user, account };
}

async function signIn(account: OidcTestAccount) {
  const attempt = await ssoSignIn(ctx, provider, { account });
  expect(attempt.callback.statusCode).toBe(302);
  return attempt.callback.headers.location;
}

describe('roles from the groups claim', () => {
  it('follows the provider on every sign-in: promoted, demoted, the most powerful of several groups', async () => {
    const { user, account } = await person('viewer', ['console-editors']);
    expect(await signIn(account)).toBe('/');
    expect((await userRow(user!.id)).roleId).toBe(ROLE_IDS.editor);

    expect(await signIn({ ...account, groups: ['console-viewers', 'unrelated'] })).toBe('/');
    expect((await userRow(user!.id)).roleId).toBe(ROLE_IDS.viewer);

    expect(
      await signIn({ ...account, groups: ['console-viewers', 'console-admins', 'console-editors'] }),
    ).toBe('/');
    expect((await userRow(user!.id)).roleId).toBe(ROLE_IDS.admin);

    expect(await activitiesOf('user.updated', user!.id)).toEqual([
      {
        actorName: 'Single sign-on',
        description: expect.stringMatching(/role viewer → editor \(groups at Example ID\)$/),
      },
      { actorName: 'Single sign-on', description: expect.stringMatching(/role editor → viewer/) },
      { actorName: 'Single sign-on', description: expect.stringMatching(/role viewer → admin/) },
    ]);
  });

  it('writes nothing when the role is unchanged', async () => {
    const { user, account } = await person('editor', ['console-editors']);
    await signIn(account);
    await signIn(account);
    expect(await activitiesOf('user.updated', user!.id)).toEqual([]);
    expect(await activitiesOf('auth.signed_in', user!.id)).toHaveLength(2);
  });

  it('never touches an owner: no group needed, none demotes', async () => {
    const { user, account } = await person('owner', []);
    expect(await signIn(account)).toBe('/');
    expect(await signIn({ ...account, groups: ['console-viewers'] })).toBe('/');
    expect((await userRow(user!.id)).roleId).toBe(ROLE_IDS.owner);
    expect(await activitiesOf('user.updated', user!.id)).toEqual([]);
  });

  it('refuses a non-owner whose groups no longer give a role, and leaves the account as it was', async () => {
    const { user, account } = await person('editor', ['console-editors']);
    await signIn(account);
    expect(await signIn({ ...account, groups: ['former-staff'] })).toBe('/login?sso=no_role');
    expect(await signIn({ ...account, groups: undefined })).toBe('/login?sso=no_role');
    expect((await userRow(user!.id)).roleId).toBe(ROLE_IDS.editor);
    expect((await activitiesOf('auth.sign_in_refused', user!.id)).at(-1)!.description).toMatch(
      /single sign-on, the provider's groups give no console role$/,
    );
  });
});

describe('accounts made at the first sign-in', () => {
  it('makes the account with the mapped role and no password; a password never signs into it', async () => {
    const { account } = await person(null, ['console-editors']);
    expect(await signIn(account)).toBe('/');
    const [made] = await usersWithEmail(account.email!);
    expect(made).toMatchObject({
      name: account.name,
      roleId: ROLE_IDS.editor,
      passwordHash: null,
      oidcIssuer: provider.issuer,
      oidcSubject: account.sub,
      isActive: true,
    });
    expect(await activitiesOf('user.created', made!.id)).toEqual([
      {
        actorName: 'Single sign-on',
        description: `Created editor ${account.name} (${account.email}) at their first single sign-on (Example ID)`,
      },
    ]);
    const login = await anonymous(ctx).post('/auth/login', {
      email: account.email,
      password: 'anything at all',
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toMatchObject({ message: 'Invalid email or password' });
  });

  it('makes no account for someone whose groups give no role', async () => {
    const { account } = await person(null, ['unrelated']);
    expect(await signIn(account)).toBe('/login?sso=no_role');
    expect(await usersWithEmail(account.email!)).toEqual([]);
  });

  it('finds the account by its subject after the provider changes the e-mail: no second account', async () => {
    const { account } = await person(null, ['console-viewers']);
    await signIn(account);
    const [made] = await usersWithEmail(account.email!);
    const renamed = `renamed-${account.email}`;
    expect(await signIn({ ...account, email: renamed })).toBe('/');
    expect(await usersWithEmail(renamed)).toEqual([]);
    expect(await activitiesOf('auth.signed_in', made!.id)).toHaveLength(2);
  });

  it("refuses an e-mail whose account is linked to another of the provider's users (a reused address)", async () => {
    const { user, account } = await person('viewer', ['console-viewers']);
    await signIn(account);
    const newcomer = { ...account, sub: `${account.sub}-newcomer` };
    expect(await signIn(newcomer)).toBe('/login?sso=unknown_user');
    expect((await userRow(user!.id)).oidcSubject).toBe(account.sub);
  });

  it('links a person again after their account was deleted', async () => {
    const { user, account } = await person('viewer', ['console-viewers']);
    await signIn(account);
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, user!.id));
    expect(await signIn(account)).toBe('/');
    const live = (await usersWithEmail(account.email!)).filter((row) => row.deletedAt === null);
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ oidcSubject: account.sub, passwordHash: null });
    expect((await userRow(user!.id)).oidcSubject).toBeNull();
  });
});
