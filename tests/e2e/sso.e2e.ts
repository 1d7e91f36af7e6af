// Single sign-on against a real OpenID Connect provider started here (the certified oidc-provider over
// HTTPS, tests/support/oidc-provider.ts): "Sign in with Example ID" on the sign-in page, back on the deep link that
// was being opened, roles from the provider's groups, a refusal said in plain words, and an owner turning password
// sign-in off for staff.
import {
  SETTINGS_TEXTS,
  SETTINGS_TOASTS,
  SIGN_IN_TEXTS,
  SSO_FAILURE_TEXTS,
  SSO_TEXTS,
  SIGN_IN_MESSAGES,
} from '../../src/contract';
import { startOidcProvider, type OidcTestProvider } from '../support/oidc-provider';
import { trustTestCertificate } from '../support/tls';
import { Api, TEST_PASSWORD } from './api';
import { expectToast, navigateTo, pressAccountControl } from './console';
import { expect, heading, signIn, test } from './fixtures';
import { portBelowEphemeralRange } from './server';
import { E2E_ACCOUNTS } from './server-log';

// The server's environment is fixed before a test starts, and the provider registers the server's callback: both
// take ports chosen here. Spawned servers trust the provider's throwaway certificate through NODE_EXTRA_CA_CERTS.
trustTestCertificate();
const APP_PORT = portBelowEphemeralRange(0);
const PROVIDER_PORT = portBelowEphemeralRange(1);
const ISSUER = `https://127.0.0.1:${PROVIDER_PORT}`;
const CLIENT = { clientId: 'license-console', clientSecret: 'e2e-client-secret' };
const PROVIDER_NAME = 'Example ID';

test.use({
  // The provider's certificate is a throwaway: the test browser accepts it (the server trusts it properly).
  ignoreHTTPSErrors: true,
  serverEnv: {
    PORT: String(APP_PORT),
    PUBLIC_URL: `http://127.0.0.1:${APP_PORT}`,
    OIDC_ISSUER: ISSUER,
    OIDC_CLIENT_ID: CLIENT.clientId,
    OIDC_CLIENT_SECRET: CLIENT.clientSecret,
    OIDC_SCOPES: 'openid email profile groups',
    OIDC_ROLE_CLAIM: 'groups',
    OIDC_ROLE_MAP: 'console-admins=admin,console-editors=editor',
    OIDC_DISPLAY_NAME: PROVIDER_NAME,
  },
});

let provider: OidcTestProvider;
test.beforeAll(async () => {
  provider = await startOidcProvider({
    ...CLIENT,
    port: PROVIDER_PORT,
    redirectUri: `http://127.0.0.1:${APP_PORT}/api/v1/auth/oidc/callback`,
  });
});
test.afterAll(async () => {
  await provider.stop();
});

test('staff sign in with the provider, land on the page they opened, and get the role of their groups', async ({
  page,
  request,
}) => {
  const owner = await Api.signIn(request);
  const person = await owner.createUser('Sam Single', 'viewer');
  provider.setAccount({
    sub: 'sam-at-provider',
    email: person.email,
    email_verified: true,
    name: 'Sam Single',
    groups: ['console-editors'],
  });

  await page.goto('/certificates');
  await expect(page).toHaveURL(/\/login\?next=%2Fcertificates$/);
  await page.getByRole('link', { name: SSO_TEXTS.signInWith(PROVIDER_NAME) }).click();
  await expect(heading(page, 'Certificates')).toBeVisible();
  // The groups made the viewer an editor.
  await expect(page.getByRole('banner')).toContainText('EDITOR');
  // A reload keeps the session, as after a password sign-in.
  await page.reload();
  await expect(heading(page, 'Certificates')).toBeVisible();

  // Someone the console does not know is sent back with a plain reason.
  await pressAccountControl(page, 'Logout');
  // Someone else at this browser: the provider forgets Sam's sign-in there (its own cookies only).
  await page.context().clearCookies({ name: /^_(session|interaction)/ });
  provider.setAccount({ sub: 'stranger', email: 'stranger@e2e.test', email_verified: true, groups: [] });
  await page.getByRole('link', { name: SSO_TEXTS.signInWith(PROVIDER_NAME) }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(SSO_FAILURE_TEXTS.unknown_user);
  await expect(heading(page, SIGN_IN_TEXTS.heading)).toBeVisible();
});

test('an owner turns password sign-in off for staff; owners keep it as their emergency path', async ({
  page,
  request,
}) => {
  const owner = await Api.signIn(request);
  const editor = await owner.createUser('Pat Password', 'editor');

  await signIn(page, E2E_ACCOUNTS.owner.email, E2E_ACCOUNTS.owner.password);
  await navigateTo(page, 'Settings');
  await expect(page.getByText(SETTINGS_TEXTS.ssoConfigured(PROVIDER_NAME))).toBeVisible();
  await page.getByText(SETTINGS_TEXTS.passwordLogin, { exact: true }).click();
  await page
    .getByRole('alertdialog', { name: SETTINGS_TEXTS.confirmPasswordOffTitle })
    .getByRole('button', { name: SETTINGS_TEXTS.confirmPasswordOff })
    .click();
  await expectToast(
    page,
    SETTINGS_TOASTS.passwordLoginOff.title,
    SETTINGS_TOASTS.passwordLoginOff.description,
  );
  await pressAccountControl(page, 'Logout');

  // Staff see single sign-on first, the password form folded away for the owners.
  await expect(page.getByRole('link', { name: SSO_TEXTS.signInWith(PROVIDER_NAME) })).toBeVisible();
  await page.getByRole('button', { name: SSO_TEXTS.ownerPasswordToggle }).click();
  await page.getByRole('textbox', { name: SIGN_IN_TEXTS.emailLabel }).fill(editor.email);
  await page.getByLabel(SIGN_IN_TEXTS.passwordLabel, { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: SIGN_IN_TEXTS.submit }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(SIGN_IN_MESSAGES.passwordLoginDisabled);

  // The owner still signs in with a password.
  await page.getByRole('textbox', { name: SIGN_IN_TEXTS.emailLabel }).fill(E2E_ACCOUNTS.owner.email);
  await page.getByLabel(SIGN_IN_TEXTS.passwordLabel, { exact: true }).fill(E2E_ACCOUNTS.owner.password);
  await page.getByRole('button', { name: SIGN_IN_TEXTS.submit }).click();
  await expect(heading(page, 'Dashboard')).toBeVisible();
});
