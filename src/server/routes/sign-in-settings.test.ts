// The owners' sign-in settings (docs/sign-in.md "Sign-in settings"): read and changed by owners, recorded,
// read on every sign-in; password sign-in off refuses a right password of anyone but an owner; what the sign-in page
// is told before anyone signs in.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SIGN_IN_MESSAGES } from '../../contract';
import { signInSettingsResponseSchema } from '../../contract/sign-in';
import { activities } from '../db/schema';
import { createSignInSettingsService } from '../services/auth/sign-in-settings';
import {
  anonymous,
  callerAs,
  expectRefusal,
  testAppPerFile,
  type Caller,
  type SignedInCaller,
} from '../../../tests/support/callers';
import { createUser, TEST_PASSWORD, type TestUser } from '../../../tests/support/test-app';

const ctx = testAppPerFile();
let nobody: Caller;
let owner: SignedInCaller;

beforeAll(async () => {
  nobody = anonymous(ctx);
  owner = await callerAs(ctx, 'owner');
});

const login = (user: TestUser, password = TEST_PASSWORD) =>
  nobody.post('/auth/login', { email: user.email, password }, { remoteAddress: '10.20.0.1' });
const settingsChanges = async () =>
  (
    await ctx.database.db
      .select({ description: activities.description, actorName: activities.actorName })
      .from(activities)
      .where(eq(activities.type, 'settings.sign_in_changed'))
      .orderBy(activities.id)
  ).map((row) => `${row.actorName}: ${row.description}`);

describe('the sign-in settings', () => {
  it('start at their defaults, and tell the sign-in page what it offers', async () => {
    expect((await nobody.get('/auth/methods')).json()).toEqual({ data: { password: true, sso: null } });
    expect(signInSettingsResponseSchema.parse((await owner.get('/settings/sign-in')).json()).data).toEqual({
      passwordLogin: true,
      mfaRequired: false,
      sso: { configured: false, displayName: 'single sign-on', issuer: null },
    });
    // With a provider configured, its name is what the sign-in page's button says.
    const withSso = createSignInSettingsService({
      ...ctx.app.ctx,
      env: { ...ctx.env, OIDC_ISSUER: 'https://idp.example.test', OIDC_DISPLAY_NAME: 'Acme SSO' },
    });
    expect(await withSso.methods()).toEqual({ password: true, sso: { displayName: 'Acme SSO' } });
    expect((await withSso.get()).sso).toEqual({
      configured: true,
      displayName: 'Acme SSO',
      issuer: 'https://idp.example.test',
    });
  });

  it('refuse a change of nothing, or of the wrong type, with a 400', async () => {
    expectRefusal(await owner.put('/settings/sign-in', {}), 400, 'VALIDATION_FAILED', 'Nothing to change');
    expectRefusal(await owner.put('/settings/sign-in', { passwordLogin: 'no' }), 400, 'VALIDATION_FAILED');
    expect(await settingsChanges()).toEqual([]);
  });
});

describe('password sign-in turned off', () => {
  it('refuses a right password of anyone but an owner, after it verifies; owners still sign in; recorded', async () => {
    const editor = await createUser(ctx, 'editor');
    const anOwner = await createUser(ctx, 'owner');
    const off = await owner.put('/settings/sign-in', { passwordLogin: false });
    expect(off.json()).toMatchObject({ data: { passwordLogin: false, mfaRequired: false } });
    expect(await settingsChanges()).toEqual([
      `${owner.user.name}: Sign-in settings: password sign-in turned off for everyone but owners`,
    ]);
    expect((await nobody.get('/auth/methods')).json()).toEqual({ data: { password: false, sso: null } });

    // A wrong password is the usual 401: the refusal tells a guesser nothing.
    expectRefusal(
      await login(editor, 'not the password'),
      401,
      'UNAUTHENTICATED',
      MESSAGES.invalidCredentials,
    );
    expectRefusal(await login(editor), 403, 'FORBIDDEN', SIGN_IN_MESSAGES.passwordLoginDisabled);
    expect((await login(anOwner)).json()).toMatchObject({ data: { user: { uuid: anOwner.id } } });
    const refused = await ctx.database.db
      .select({ description: activities.description })
      .from(activities)
      .where(eq(activities.targetId, editor.id))
      .orderBy(activities.id);
    expect(refused.map((row) => row.description.replace(/.*: /, ''))).toEqual([
      'wrong password',
      'password sign-in is turned off',
    ]);

    // The same value again changes and records nothing; turned back on, the editor signs in.
    expect((await owner.put('/settings/sign-in', { passwordLogin: false })).statusCode).toBe(200);
    expect(await settingsChanges()).toHaveLength(1);
    const on = await owner.put('/settings/sign-in', { passwordLogin: true, mfaRequired: true });
    expect(on.json()).toMatchObject({ data: { passwordLogin: true, mfaRequired: true } });
    expect((await settingsChanges()).at(-1)).toBe(
      `${owner.user.name}: Sign-in settings: password sign-in turned back on for everyone; two-factor codes required for every password account`,
    );
    expect((await login(editor)).json()).toMatchObject({ data: { mfaEnrolmentRequired: true } });
    await owner.put('/settings/sign-in', { mfaRequired: false });
    expect((await login(editor)).json()).toMatchObject({ data: { user: { uuid: editor.id } } });
  });
});
