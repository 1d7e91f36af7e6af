import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('loadEnv', () => {
  it('applies the documented defaults (docs/configuration.md)', () => {
    expect(loadEnv({})).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      ACCESS_TOKEN_TTL_SECONDS: 900,
      LOGIN_RATE_LIMIT: true,
      VALIDATE_RATE_LIMIT: true,
      API_DOCS: true,
      LOG_LEVEL: 'info',
    });
    expect(loadEnv({ NODE_ENV: 'production' }).API_DOCS).toBe(false);
    expect(loadEnv({ LOGIN_RATE_LIMIT: '0' }).LOGIN_RATE_LIMIT).toBe(false);
  });

  it('names the bad variable in one line', () => {
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(/^Invalid environment variable PORT: /);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(
      'Invalid environment variable DATABASE_URL: must be a postgres:// URL',
    );
    expect(() => loadEnv({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('takes TLS files together or not at all', () => {
    expect(loadEnv({ TLS_CERT_FILE: '/etc/tls/cert.pem', TLS_KEY_FILE: '/etc/tls/key.pem' })).toMatchObject({
      TLS_CERT_FILE: '/etc/tls/cert.pem',
    });
    expect(() => loadEnv({ TLS_CERT_FILE: '/etc/tls/cert.pem' })).toThrow(
      'Invalid environment variable TLS_KEY_FILE: TLS_CERT_FILE and TLS_KEY_FILE are set together or not at all',
    );
    expect(() => loadEnv({ TLS_KEY_FILE: '/etc/tls/key.pem' })).toThrow(
      /^Invalid environment variable TLS_CERT_FILE: /,
    );
  });

  it('takes PUBLIC_URL as an http(s) origin', () => {
    expect(loadEnv({ PUBLIC_URL: 'https://licences.example.com/' }).PUBLIC_URL).toBe(
      'https://licences.example.com',
    );
    expect(loadEnv({ PUBLIC_URL: 'http://10.0.0.5:3000' }).PUBLIC_URL).toBe('http://10.0.0.5:3000');
    expect(loadEnv({}).PUBLIC_URL).toBeUndefined();
    for (const bad of [
      'licences.example.com',
      'ftp://licences.example.com',
      'https://licences.example.com/console',
      'https://u:p@licences.example.com',
      'https://x.com/?a=1',
    ]) {
      expect(() => loadEnv({ PUBLIC_URL: bad }), bad).toThrow(/^Invalid environment variable PUBLIC_URL: /);
    }
  });

  it('sheds load in production by default, elsewhere only when a threshold is set (docs/configuration.md)', () => {
    const off = {
      OVERLOAD_EVENT_LOOP_DELAY_MS: 0,
      OVERLOAD_LICENSE_CHECK_EVENT_LOOP_DELAY_MS: 0,
      OVERLOAD_HEAP_USED_MB: 0,
      OVERLOAD_LICENSE_CHECK_HEAP_USED_MB: 0,
      OVERLOAD_MAX_IN_FLIGHT: 0,
    };
    expect(loadEnv({})).toMatchObject(off);
    expect(loadEnv({ NODE_ENV: 'test' })).toMatchObject(off);
    const heapLimitMb = getHeapStatistics().heap_size_limit / (1024 * 1024);
    expect(loadEnv({ NODE_ENV: 'production' })).toMatchObject({
      OVERLOAD_EVENT_LOOP_DELAY_MS: 50,
      OVERLOAD_LICENSE_CHECK_EVENT_LOOP_DELAY_MS: 200,
      OVERLOAD_HEAP_USED_MB: Math.floor(heapLimitMb * 0.85),
      OVERLOAD_LICENSE_CHECK_HEAP_USED_MB: Math.floor(heapLimitMb * 0.95),
      OVERLOAD_MAX_IN_FLIGHT: 16,
    });
    expect(loadEnv({ OVERLOAD_MAX_IN_FLIGHT: '64' }).OVERLOAD_MAX_IN_FLIGHT).toBe(64);
    // The licence check's thresholds follow the routes' unless set, and are off with them.
    expect(loadEnv({ OVERLOAD_EVENT_LOOP_DELAY_MS: '80', OVERLOAD_HEAP_USED_MB: '2048' })).toMatchObject({
      OVERLOAD_EVENT_LOOP_DELAY_MS: 80,
      OVERLOAD_LICENSE_CHECK_EVENT_LOOP_DELAY_MS: 320,
      OVERLOAD_HEAP_USED_MB: 2048,
      OVERLOAD_LICENSE_CHECK_HEAP_USED_MB: Math.max(2048, Math.floor(heapLimitMb * 0.95)),
    });
    expect(
      loadEnv({
        NODE_ENV: 'production',
        OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
        OVERLOAD_HEAP_USED_MB: '0',
        OVERLOAD_MAX_IN_FLIGHT: '0',
      }),
    ).toMatchObject(off);
    expect(
      loadEnv({
        OVERLOAD_EVENT_LOOP_DELAY_MS: '100',
        OVERLOAD_LICENSE_CHECK_EVENT_LOOP_DELAY_MS: '0',
        OVERLOAD_LICENSE_CHECK_HEAP_USED_MB: '4000',
      }),
    ).toMatchObject({
      OVERLOAD_EVENT_LOOP_DELAY_MS: 100,
      OVERLOAD_LICENSE_CHECK_EVENT_LOOP_DELAY_MS: 0,
      OVERLOAD_HEAP_USED_MB: 0,
      OVERLOAD_LICENSE_CHECK_HEAP_USED_MB: 4000,
    });
  });

  it('refuses a licence-check threshold under its routes’ one, and values that are not whole numbers', () => {
    expect(() =>
      loadEnv({ OVERLOAD_EVENT_LOOP_DELAY_MS: '100', OVERLOAD_LICENSE_CHECK_EVENT_LOOP_DELAY_MS: '50' }),
    ).toThrow(
      'Invalid environment variable OVERLOAD_LICENSE_CHECK_EVENT_LOOP_DELAY_MS: must be 0 or at least OVERLOAD_EVENT_LOOP_DELAY_MS (100): the licence check is shed last',
    );
    expect(() =>
      loadEnv({ OVERLOAD_HEAP_USED_MB: '2000', OVERLOAD_LICENSE_CHECK_HEAP_USED_MB: '1000' }),
    ).toThrow(/^Invalid environment variable OVERLOAD_LICENSE_CHECK_HEAP_USED_MB: must be 0 or at least/);
    for (const name of [
      'OVERLOAD_EVENT_LOOP_DELAY_MS',
      'OVERLOAD_LICENSE_CHECK_EVENT_LOOP_DELAY_MS',
      'OVERLOAD_HEAP_USED_MB',
      'OVERLOAD_LICENSE_CHECK_HEAP_USED_MB',
      'OVERLOAD_MAX_IN_FLIGHT',
    ])
      for (const bad of ['-1', '1.5', 'fast'])
        expect(() => loadEnv({ [name]: bad }), `${name}=${bad}`).toThrow(
          new RegExp(`^Invalid environment variable ${name}: `),
        );
  });

  it('covers HSTS sub-domains only when asked', () => {
    expect(loadEnv({}).HSTS_INCLUDE_SUBDOMAINS).toBe(false);
    expect(loadEnv({ HSTS_INCLUDE_SUBDOMAINS: 'on' }).HSTS_INCLUDE_SUBDOMAINS).toBe(true);
  });
  it('takes WEBHOOK_RETRY_SCHEDULE as comma-separated seconds, and WEBHOOK_RETENTION_DAYS', () => {
    expect(loadEnv({}).WEBHOOK_RETRY_SCHEDULE).toBeUndefined();
    expect(loadEnv({}).WEBHOOK_RETENTION_DAYS).toBe(30);
    expect(loadEnv({ WEBHOOK_RETRY_SCHEDULE: '1,2,5' }).WEBHOOK_RETRY_SCHEDULE).toEqual([1, 2, 5]);
    expect(loadEnv({ WEBHOOK_RETRY_SCHEDULE: ' 0, 0 ,0' }).WEBHOOK_RETRY_SCHEDULE).toEqual([0, 0, 0]);
    for (const bad of ['1,,2', 'a,b', '-1', '1.5', '1;2'])
      expect(() => loadEnv({ WEBHOOK_RETRY_SCHEDULE: bad }), bad).toThrow(
        'Invalid environment variable WEBHOOK_RETRY_SCHEDULE: must be a comma-separated list of whole seconds, such as 1,2,5',
      );
    expect(() => loadEnv({ WEBHOOK_RETRY_SCHEDULE: Array(51).fill('1').join(',') })).toThrow(/at most 50/);
    expect(loadEnv({ WEBHOOK_RETENTION_DAYS: '7' }).WEBHOOK_RETENTION_DAYS).toBe(7);
    expect(() => loadEnv({ WEBHOOK_RETENTION_DAYS: '0' })).toThrow(/WEBHOOK_RETENTION_DAYS/);
  });

  it('takes SMTP_URL and MAIL_FROM together, with PUBLIC_URL, and REMINDER_TIME as HH:MM (docs/mail.md)', () => {
    const mail = {
      SMTP_URL: 'smtp://user:s3cret@mail.internal:587',
      MAIL_FROM: 'Licences <licences@example.com>',
      PUBLIC_URL: 'https://licences.example.com',
    };
    expect(loadEnv({})).toMatchObject({ REMINDER_TIME: '08:00' });
    expect(loadEnv({}).SMTP_URL).toBeUndefined();
    expect(loadEnv(mail)).toMatchObject(mail);
    expect(
      loadEnv({ ...mail, SMTP_URL: 'smtps://mail.internal', MAIL_FROM: 'licences@example.com' }),
    ).toMatchObject({ SMTP_URL: 'smtps://mail.internal', MAIL_FROM: 'licences@example.com' });
    expect(loadEnv({ ...mail, MAIL_FROM: '"Licences, Ltd" <licences@example.com>' }).MAIL_FROM).toBe(
      '"Licences, Ltd" <licences@example.com>',
    );
    // A sender on a company's internal domain, as the console takes such addresses everywhere.
    expect(loadEnv({ ...mail, MAIL_FROM: 'Licences <licences@intranet>' }).MAIL_FROM).toBe(
      'Licences <licences@intranet>',
    );
    expect(loadEnv({ REMINDER_TIME: '23:59' }).REMINDER_TIME).toBe('23:59');
    for (const bad of ['8:00', '24:00', '12:60', '0800', 'noon'])
      expect(() => loadEnv({ REMINDER_TIME: bad }), bad).toThrow(
        'Invalid environment variable REMINDER_TIME: must be a time of day HH:MM (UTC), such as 08:00',
      );
    for (const bad of ['http://mail.internal', 'mail.internal:25', 'smtp://', 'smtp:mail'])
      expect(() => loadEnv({ ...mail, SMTP_URL: bad }), bad).toThrow(
        /^Invalid environment variable SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
      );
    for (const bad of [
      'licences',
      'Licences <nope>',
      'a@b.example\r\nBcc: x@y.example',
      '<>',
      'A "B" <a@b.example>',
    ])
      expect(() => loadEnv({ ...mail, MAIL_FROM: bad }), bad).toThrow(
        /^Invalid environment variable MAIL_FROM: must be an e-mail address/,
      );
    expect(() => loadEnv({ SMTP_URL: mail.SMTP_URL, PUBLIC_URL: mail.PUBLIC_URL })).toThrow(
      'Invalid environment variable MAIL_FROM: SMTP_URL and MAIL_FROM are set together or not at all',
    );
    expect(() => loadEnv({ MAIL_FROM: mail.MAIL_FROM, PUBLIC_URL: mail.PUBLIC_URL })).toThrow(
      'Invalid environment variable SMTP_URL: SMTP_URL and MAIL_FROM are set together or not at all',
    );
    expect(() => loadEnv({ SMTP_URL: mail.SMTP_URL, MAIL_FROM: mail.MAIL_FROM })).toThrow(
      'Invalid environment variable PUBLIC_URL: required when SMTP_URL is set (the links in e-mail are built on it)',
    );
  });

  it('never repeats an SMTP_URL (which may hold a password) in its refusal', () => {
    const secret = 'Pa55-word-never-shown';
    for (const bad of [`http://user:${secret}@mail.internal`, `smtp://user:${secret}@`])
      try {
        loadEnv({ SMTP_URL: bad, MAIL_FROM: 'a@b.example', PUBLIC_URL: 'https://x.example' });
        expect.unreachable(bad);
      } catch (error) {
        expect((error as Error).message).not.toContain(secret);
      }
  });

  describe('single sign-on (docs/sign-in.md)', () => {
    const sso = {
      OIDC_ISSUER: 'https://id.example.com/realms/staff',
      OIDC_CLIENT_ID: 'license-console',
      OIDC_CLIENT_SECRET: 's3cret',
      PUBLIC_URL: 'https://licences.example.com',
    };
    const line = (name: string, why: string) => `Invalid environment variable ${name}: ${why}`;

    it('is off without OIDC_ISSUER, and takes the documented defaults with it', () => {
      expect(loadEnv({}).OIDC_ISSUER).toBeUndefined();
      expect(loadEnv(sso)).toMatchObject({
        ...sso,
        OIDC_SCOPES: 'openid email profile',
        OIDC_AUTO_PROVISION: false,
        OIDC_DEFAULT_ROLE: 'viewer',
        OIDC_DISPLAY_NAME: 'single sign-on',
      });
      expect(
        loadEnv({
          ...sso,
          OIDC_SCOPES: 'openid email groups',
          OIDC_ROLE_CLAIM: 'groups',
          OIDC_ROLE_MAP: 'licence-admins=admin, licence-desk = editor,everyone=viewer',
          OIDC_AUTO_PROVISION: 'on',
          OIDC_DEFAULT_ROLE: 'editor',
          OIDC_DISPLAY_NAME: 'Acme ID',
        }),
      ).toMatchObject({
        OIDC_ROLE_MAP: { 'licence-admins': 'admin', 'licence-desk': 'editor', everyone: 'viewer' },
        OIDC_AUTO_PROVISION: true,
        OIDC_DEFAULT_ROLE: 'editor',
      });
    });

    it('names each mistake in a line of its own', () => {
      expect(() => loadEnv({ OIDC_ISSUER: sso.OIDC_ISSUER })).toThrow(
        [
          line('OIDC_CLIENT_ID', 'required when OIDC_ISSUER is set'),
          line('PUBLIC_URL', 'required when OIDC_ISSUER is set (the redirect URI is built on it)'),
        ].join('\n'),
      );
      expect(() => loadEnv({ ...sso, OIDC_ISSUER: 'http://id.example.com' })).toThrow(
        line('OIDC_ISSUER', 'must be the https:// URL of the provider (its discovery document)'),
      );
      expect(() => loadEnv({ OIDC_CLIENT_ID: 'x', OIDC_ROLE_CLAIM: 'groups' })).toThrow(
        new RegExp(`^${line('OIDC_ISSUER', 'required when OIDC_CLIENT_ID is set')}$`),
      );
      expect(() => loadEnv({ ...sso, OIDC_ROLE_CLAIM: 'groups' })).toThrow(
        line('OIDC_ROLE_MAP', 'OIDC_ROLE_CLAIM and OIDC_ROLE_MAP are set together or not at all'),
      );
      expect(() => loadEnv({ ...sso, OIDC_ROLE_MAP: 'a=admin' })).toThrow(
        /^Invalid environment variable OIDC_ROLE_CLAIM: /,
      );
      for (const bad of ['founders=owner', 'a=admin,', 'admin', 'a=admin;b=viewer'])
        expect(() => loadEnv({ ...sso, OIDC_ROLE_CLAIM: 'groups', OIDC_ROLE_MAP: bad }), bad).toThrow(
          /^Invalid environment variable OIDC_ROLE_MAP: must be value=role pairs/,
        );
      expect(() => loadEnv({ ...sso, OIDC_SCOPES: 'email profile' })).toThrow(
        line('OIDC_SCOPES', 'must include openid'),
      );
      expect(() => loadEnv({ ...sso, OIDC_SCOPES: 'openid  email' })).toThrow(
        /OIDC_SCOPES: must be scopes separated/,
      );
      expect(() => loadEnv({ ...sso, OIDC_DEFAULT_ROLE: 'owner' })).toThrow(
        line('OIDC_DEFAULT_ROLE', 'must be admin, editor or viewer'),
      );
      // Several at once: one line each, so a deployment is fixed in one round.
      const message = (() => {
        try {
          loadEnv({
            ...sso,
            OIDC_ISSUER: 'ftp://id',
            OIDC_DEFAULT_ROLE: 'owner',
            OIDC_AUTO_PROVISION: 'maybe',
          });
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(message?.split('\n').map((text) => text.split(':')[0])).toEqual([
        'Invalid environment variable OIDC_ISSUER',
        'Invalid environment variable OIDC_AUTO_PROVISION',
        'Invalid environment variable OIDC_DEFAULT_ROLE',
      ]);
      expect(message).not.toContain(sso.OIDC_CLIENT_SECRET);
    });
  });
});
