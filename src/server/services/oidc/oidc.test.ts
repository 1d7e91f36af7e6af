// The rules of single sign-on that need no provider: where it lands, what the claims say, who is refused, the sealed
// transaction, and a console without single sign-on. The flow itself: src/server/routes/oidc*.test.ts.
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { loadEnv } from '../../env';
import type { AuthService } from '../auth/auth-service';
import type { AppContext } from '../shared/context';
import { refusalOf } from './accounts';
import { claimValue, identityOf, mappedRole, roleValuesOf } from './identity';
import { createOidcService } from './index';
import { safeNextPath } from './next-path';
import { oidcSettingsOf, type OidcSettings } from './settings';
import { createTransactionSealer, OIDC_TRANSACTION_TTL_SECONDS } from './transaction';

const env = loadEnv({
  JWT_SECRET: 'a-test-secret-of-at-least-thirty-two-characters',
  PUBLIC_URL: 'https://licences.example.test',
  OIDC_ISSUER: 'https://id.example.test/realms/staff',
  OIDC_CLIENT_ID: 'license-console',
  OIDC_ROLE_CLAIM: 'groups',
  OIDC_ROLE_MAP: 'admins=admin, desk=editor,readers=viewer',
});
// The sealer reads the secret from JWT_SECRET: no database is touched.
const noDatabase = {} as Db;

describe('safeNextPath', () => {
  it.each([
    ['/certificates?status=active#list', '/certificates?status=active#list'],
    ['/clients?search=Ada%20L', '/clients?search=Ada%20L'],
    ['/a/../users', '/users'],
    ['/café', '/caf%C3%A9'],
  ])('keeps the console path %s as %s', (next, expected) => expect(safeNextPath(next)).toBe(expected));

  it.each([
    undefined,
    '',
    'certificates',
    '//evil.example/x',
    '/\\evil.example',
    '/x\\y',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /clients',
    '/clients/a b',
    '/clients\u0000',
  ])('lands %j on /', (next) => expect(safeNextPath(next)).toBe('/'));
});

describe('claims', () => {
  const claims = {
    iss: 'https://id.example.test/realms/staff',
    sub: 'f81d4fae',
    email: 'Ada@Example.test',
    given_name: 'Ada',
    family_name: 'Lovelace',
    groups: ['readers', 'desk', 7],
    realm_access: { roles: ['admins'] },
    'https://example.test/claims/team': 'admins',
  };

  it('reads a claim by its name, then by a dotted path', () => {
    expect(claimValue(claims, 'https://example.test/claims/team')).toBe('admins');
    expect(roleValuesOf(claims, 'realm_access.roles')).toEqual(['admins']);
    expect(roleValuesOf(claims, 'groups')).toEqual(['readers', 'desk']);
    expect(roleValuesOf(claims, 'missing.path')).toEqual([]);
    expect(roleValuesOf(claims, undefined)).toEqual([]);
  });

  it('maps groups to the most powerful role, never owner', () => {
    const map = env.OIDC_ROLE_MAP!;
    expect(map).toEqual({ admins: 'admin', desk: 'editor', readers: 'viewer' });
    expect(mappedRole(['readers', 'desk'], map)).toBe('editor');
    expect(mappedRole(['readers', 'admins', 'desk'], map)).toBe('admin');
    expect(mappedRole(['owner', 'constructor', '__proto__'], map)).toBeNull();
    expect(() => loadEnv({ ...env, OIDC_ROLE_MAP: 'founders=owner' } as never)).toThrow(/OIDC_ROLE_MAP/);
  });

  it('needs an e-mail the provider has not said it did not verify, and names the person', () => {
    expect(identityOf(claims, 'groups')).toEqual({
      issuer: claims.iss,
      subject: claims.sub,
      email: 'Ada@Example.test',
      name: 'Ada Lovelace',
      roleValues: ['readers', 'desk'],
    });
    expect(identityOf({ ...claims, email_verified: true, name: 'A. L.' }, undefined)?.name).toBe('A. L.');
    expect(identityOf({ ...claims, given_name: undefined, family_name: undefined }, undefined)?.name).toBe(
      'Ada@Example.test',
    );
    expect(identityOf({ ...claims, name: 'Line\nbreak', preferred_username: 'ada' }, undefined)?.name).toBe(
      'Ada Lovelace',
    );
    for (const refused of [
      { ...claims, email_verified: false },
      { ...claims, email: undefined },
      { ...claims, email: 'not an address' },
      { ...claims, sub: undefined },
    ])
      expect(identityOf(refused, 'groups')).toBeNull();
  });
});

describe('refusalOf', () => {
  const settings = oidcSettingsOf(env, '/api/v1')!;
  const identity = identityOf({ iss: 'https://id', sub: 's', email: 'a@b.test', groups: [] }, 'groups')!;

  it('without a role claim, makes accounts (with OIDC_DEFAULT_ROLE) and keeps roles whatever the groups', () => {
    const open: OidcSettings = { ...settings, roleClaim: undefined, autoProvision: true };
    expect(refusalOf(open, identity, undefined)).toBeNull();
    expect(refusalOf({ ...settings, autoProvision: true }, identity, undefined)?.reason).toBe('no_role');
    expect(refusalOf(settings, identity, undefined)?.reason).toBe('unknown_user');
  });
});

describe('the transaction cookie', () => {
  it('opens what it sealed until it expires; refuses anything else', async () => {
    const sealer = await createTransactionSealer(noDatabase, env);
    const at = new Date('2026-06-15T12:00:00Z');
    const transaction = {
      codeVerifier: 'v'.repeat(43),
      state: 's'.repeat(43),
      nonce: 'n'.repeat(43),
      next: '/x',
    };
    const sealed = await sealer.seal(transaction, at);
    expect(sealed).not.toContain(transaction.state);
    expect(await sealer.open(sealed, at)).toEqual(transaction);
    const later = new Date(at.getTime() + (OIDC_TRANSACTION_TTL_SECONDS + 1) * 1000);
    expect(await sealer.open(sealed, later)).toBeNull();
    const [header, key, iv, ciphertext, tag] = sealed.split('.');
    const flipped = `${ciphertext!.slice(0, -2)}${ciphertext!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await sealer.open([header, key, iv, flipped, tag].join('.'), at)).toBeNull();
    const other = await createTransactionSealer(noDatabase, {
      JWT_SECRET: 'another-secret-of-thirty-two-characters!',
    });
    expect(await other.open(sealed, at)).toBeNull();
    expect(await sealer.open(undefined, at)).toBeNull();
    expect(await sealer.open('x'.repeat(5000), at)).toBeNull();
  });
});

describe('a console without single sign-on', () => {
  it('answers every start and callback with the sign-in page: unavailable', async () => {
    const plain = loadEnv({ JWT_SECRET: env.JWT_SECRET });
    expect(oidcSettingsOf(plain, '/api/v1')).toBeNull();
    const ctx = { db: noDatabase, env: plain, now: () => new Date(), log: console } as unknown as AppContext;
    const oidc = await createOidcService(ctx, {} as AuthService, null);
    expect(oidc.configured).toBe(false);
    expect(await oidc.start('/clients')).toEqual({ location: '/login?sso=unavailable' });
    expect(await oidc.callback('?code=x&state=y', 'sealed', { ip: '10.0.0.1', userAgent: '' })).toEqual({
      location: '/login?sso=unavailable',
      reason: 'unavailable',
    });
  });
});
