// The server's environment, validated once at start; a bad value stops the server with one line naming it
// (docs/configuration.md).
import { relative, resolve, isAbsolute } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { z } from 'zod';
import { emailAddress } from '../contract/common';
import { DEFAULT_REMINDER_TIME } from '../contract/mail';
import { parseKeyText } from './services/shared/key-text';

/** A time of day in UTC, `HH:MM` (REMINDER_TIME, BACKUP_TIME). */
const timeOfDay = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time of day HH:MM (UTC), such as 08:00' });

/** A 32-byte key as 64 hex digits or base64 (SECRETS_KEY, BACKUP_KEY). */
const keyText = z
  .string()
  .trim()
  .refine(
    (value) => parseKeyText(value) !== null,
    'must be 32 bytes as 64 hex digits or base64 (openssl rand -hex 32)',
  );

const onOff = z
  .enum(['0', '1', 'on', 'off', 'true', 'false'], { error: 'must be 0/1, on/off or true/false' })
  .transform((v) => v === '1' || v === 'on' || v === 'true');

/** An smtp:// or smtps:// URL with a host (the URL itself is never part of an error message: it may hold a password). */
function isSmtpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
}

const isEmail = (value: string) => emailAddress().safeParse(value).success;
/**
 * `licences@example.com`, `License Console <licences@example.com>` or `"Licences, Ltd" <licences@example.com>` (nothing
 * that could add a header line).
 */
function isMailFrom(value: string): boolean {
  if (/[\r\n]/.test(value)) return false;
  const named = /^("[^"]*"|[^<>"]+?)\s*<([^<>\s]+)>$/.exec(value);
  return named ? isEmail(named[2]!) : isEmail(value);
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
    .optional(),
  OWNER_EMAIL: emailAddress().optional(),
  OWNER_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).max(128).optional(),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  // A spent refresh token presented again this soon gets the same successor (a reload or a second tab racing a
  // refresh) instead of ending the session as a replay (docs/adr/0008-refresh-cookie-and-sessions.md).
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  // Requests a minute one API token may make (per server process); 0 turns the limit off.
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(600),
  LICENSE_SIGNING_KEY_FILE: z.string().min(1).optional(),
  // The licence check's in-memory cache (licensing/check-cache.ts): the most an entry may be served before it is read
  // again, whatever the change notifications say; 0 turns the cache off (docs/security.md "Revocation").
  LICENSE_CHECK_CACHE_MAX_AGE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // Load shedding (overload.ts): over these the server refuses requests at once (503 OVERLOADED) instead of letting
  // them queue; the licence check only over its own, higher ones. 0 turns a measure off; unset, the defaults below
  // apply in production, and outside it nothing is shed (a paused debugger or a test's burst is no overload).
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  OVERLOAD_LICENSE_CHECK_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  OVERLOAD_HEAP_USED_MB: z.coerce.number().int().min(0).max(1_048_576).optional(),
  OVERLOAD_LICENSE_CHECK_HEAP_USED_MB: z.coerce.number().int().min(0).max(1_048_576).optional(),
  OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).optional(),
  LOGIN_RATE_LIMIT: onOff.default(true),
  VALIDATE_RATE_LIMIT: onOff.default(true),
  API_DOCS: onOff.optional(),
  // Behind a load balancer: take the client address from X-Forwarded-For (throttling is per address) and the
  // protocol from X-Forwarded-Proto (HTTPS-only headers).
  TRUST_PROXY: onOff.default(false),
  // Direct HTTPS (both or neither; checked below and read at start by main.ts).
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  // HSTS is sent on HTTPS answers only; covering sibling hosts is the operator's explicit choice.
  HSTS_INCLUDE_SUBDOMAINS: onOff.default(false),
  // Where users reach the console; the base of every absolute link the server writes.
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .refine((value) => {
      if (!URL.canParse(value)) return true; // reported by the url check above
      const url = new URL(value);
      return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    }, 'must be an origin such as https://licences.example.com, without a path, query or credentials')
    .transform((value) => new URL(value).origin)
    .optional(),
  // Webhooks (docs/webhooks.md): the seconds to wait before each retry of a failed delivery, replacing the default
  // schedule (about 8 attempts over a day); and how many days delivered and dead deliveries are kept.
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\s*\d{1,6}\s*(,\s*\d{1,6}\s*)*$/, {
      error: 'must be a comma-separated list of whole seconds, such as 1,2,5',
    })
    .transform((value) => value.split(',').map((part) => Number(part.trim())))
    .refine((delays) => delays.length <= 50, 'must list at most 50 retries')
    .optional(),
  WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // Expiry reminders by e-mail (docs/mail.md): the SMTP server (its user name and password, when it needs them, ride in
  // the URL and are never logged), the sender, and the time of day (UTC) the daily digest goes out. Mail is on when
  // SMTP_URL and MAIL_FROM are both set (checked below, with PUBLIC_URL, which the links in the mail are built on).
  SMTP_URL: z
    .string()
    .refine(isSmtpUrl, 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.internal:587')
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .refine(
      isMailFrom,
      'must be an e-mail address, or a name and one: License Console <licences@example.com>',
    )
    .optional(),
  REMINDER_TIME: timeOfDay.default(DEFAULT_REMINDER_TIME),
  // Single sign-on through an OpenID Connect provider (docs/sign-in.md): on when OIDC_ISSUER is set, with the client
  // the provider registered for the console (its redirect URI is PUBLIC_URL + /api/v1/auth/oidc/callback).
  OIDC_ISSUER: z
    .url({ protocol: /^https$/, error: 'must be the https:// URL of the provider (its discovery document)' })
    .optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).max(512).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(2048).optional(),
  OIDC_SCOPES: z
    .string()
    .trim()
    .regex(/^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/, {
      error: 'must be scopes separated by single spaces, such as openid email profile',
    })
    .refine((value) => value.split(' ').includes('openid'), 'must include openid')
    .default('openid email profile'),
  // The claim that carries the user's groups, and which group gives which role (never owner).
  OIDC_ROLE_CLAIM: z.string().trim().min(1).max(200).optional(),
  OIDC_ROLE_MAP: z
    .string()
    .regex(/^\s*[^=,]+=\s*(admin|editor|viewer)\s*(,\s*[^=,]+=\s*(admin|editor|viewer)\s*)*$/, {
      error:
        'must be value=role pairs separated by commas, each role admin, editor or viewer: licence-admins=admin,licence-desk=editor',
    })
    .transform((value) =>
      Object.fromEntries(
        value.split(',').map((pair) => {
          const [claim = '', role = ''] = pair.split('=');
          return [claim.trim(), role.trim() as 'admin' | 'editor' | 'viewer'];
        }),
      ),
    )
    .optional(),
  // Off: only staff whose e-mail already has an account may sign in by SSO. On: a first sign-in makes the account.
  OIDC_AUTO_PROVISION: onOff.default(false),
  OIDC_DEFAULT_ROLE: z
    .enum(['admin', 'editor', 'viewer'], { error: 'must be admin, editor or viewer' })
    .default('viewer'),
  OIDC_DISPLAY_NAME: z.string().trim().min(1).max(60).default('single sign-on'),
  // The key that encrypts two-factor secrets at rest (docs/sign-in.md): 32 bytes as 64 hex digits or base64. Without
  // it the server keeps a key file beside the data (DATA_DIR/secrets.key), never in the database.
  SECRETS_KEY: keyText.optional(),
  // Backups made by the running server (docs/operations.md): the folder (off without it), the time of day (UTC), how
  // many files are kept, and the key that encrypts them (they hold the private signing keys).
  BACKUP_DIR: z.string().trim().min(1).optional(),
  BACKUP_TIME: timeOfDay.default('02:00'),
  BACKUP_KEEP: z.coerce.number().int().min(1, 'must be at least 1').max(1000).default(7),
  BACKUP_KEY: keyText.optional(),
  NODE_ENV: z.string().default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** Thresholds resolved by `loadEnv`: a number each, 0 meaning off. */
type OverloadThresholds = {
  OVERLOAD_EVENT_LOOP_DELAY_MS: number;
  OVERLOAD_LICENSE_CHECK_EVENT_LOOP_DELAY_MS: number;
  OVERLOAD_HEAP_USED_MB: number;
  OVERLOAD_LICENSE_CHECK_HEAP_USED_MB: number;
  OVERLOAD_MAX_IN_FLIGHT: number;
};

export type Env = Omit<z.infer<typeof envSchema>, 'API_DOCS' | keyof OverloadThresholds> & {
  API_DOCS: boolean;
} & OverloadThresholds;

/**
 * Production's shedding defaults (docs/configuration.md, figures in docs/performance.md). The delay: past 50 ms a
 * turn of the event loop already holds more than the probes can wait; lower, a process that has just started, or
 * shares a busy machine, refuses its first callers (20 ms did, on a machine running the test suite beside it). The
 * licence check is shed only past four times that. In flight: 16 requests at once, enough to keep PGlite (one query
 * at a time) and a pool of ten PostgreSQL connections busy. The heap: 85 % and 95 % of V8's limit (`--max-old-space-size`), before its garbage collector
 * takes over the process.
 */
const OVERLOAD_DEFAULTS = {
  eventLoopDelayMs: 50,
  maxInFlight: 16,
  licenseCheckDelayFactor: 4,
  heapShare: 0.85,
  licenseCheckHeapShare: 0.95,
};
const MIB = 1024 * 1024;

/** The thresholds with the defaults filled in, or the line naming a licence-check threshold under its route's. */
function overloadThresholdsOf(env: z.infer<typeof envSchema>): OverloadThresholds | string {
  const production = env.NODE_ENV === 'production';
  const heapLimitMb = getHeapStatistics().heap_size_limit / MIB;
  const delay = env.OVERLOAD_EVENT_LOOP_DELAY_MS ?? (production ? OVERLOAD_DEFAULTS.eventLoopDelayMs : 0);
  const heap =
    env.OVERLOAD_HEAP_USED_MB ?? (production ? Math.floor(heapLimitMb * OVERLOAD_DEFAULTS.heapShare) : 0);
  // Unset, the licence check's thresholds follow the routes' (off with them).
  const checkDelay =
    env.OVERLOAD_LICENSE_CHECK_EVENT_LOOP_DELAY_MS ?? delay * OVERLOAD_DEFAULTS.licenseCheckDelayFactor;
  const checkHeap =
    env.OVERLOAD_LICENSE_CHECK_HEAP_USED_MB ??
    (heap > 0 ? Math.max(heap, Math.floor(heapLimitMb * OVERLOAD_DEFAULTS.licenseCheckHeapShare)) : 0);
  const under = (name: string, value: number, routes: string, routesValue: number) =>
    value > 0 && routesValue > 0 && value < routesValue
      ? `Invalid environment variable ${name}: must be 0 or at least ${routes} (${routesValue}): the licence check is shed last`
      : undefined;
  return (
    under('OVERLOAD_LICENSE_CHECK_EVENT_LOOP_DELAY_MS', checkDelay, 'OVERLOAD_EVENT_LOOP_DELAY_MS', delay) ??
    under('OVERLOAD_LICENSE_CHECK_HEAP_USED_MB', checkHeap, 'OVERLOAD_HEAP_USED_MB', heap) ?? {
      OVERLOAD_EVENT_LOOP_DELAY_MS: delay,
      OVERLOAD_LICENSE_CHECK_EVENT_LOOP_DELAY_MS: checkDelay,
      OVERLOAD_HEAP_USED_MB: heap,
      OVERLOAD_LICENSE_CHECK_HEAP_USED_MB: checkHeap,
      OVERLOAD_MAX_IN_FLIGHT: env.OVERLOAD_MAX_IN_FLIGHT ?? (production ? OVERLOAD_DEFAULTS.maxInFlight : 0),
    }
  );
}

/** Whether `path` is `folder` or lies under it. */
const isInside = (path: string, folder: string) => {
  const between = relative(folder, path);
  return between === '' || (!between.startsWith('..') && !isAbsolute(between));
};

/** Parses the environment; throws an Error whose message is one line naming the bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings mean "not set", as shells and .env files commonly write them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    // One line per mistake, so a new deployment is fixed in one round.
    const lines = parsed.error.issues.map(
      (issue) =>
        `Invalid environment variable ${String(issue.path[0] ?? 'environment')}: ${issue.message || 'invalid value'}`,
    );
    throw new Error([...new Set(lines)].join('\n'));
  }
  const env = parsed.data;
  if (Boolean(env.TLS_CERT_FILE) !== Boolean(env.TLS_KEY_FILE)) {
    const missing = env.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE';
    throw new Error(
      `Invalid environment variable ${missing}: TLS_CERT_FILE and TLS_KEY_FILE are set together or not at all`,
    );
  }
  if (Boolean(env.SMTP_URL) !== Boolean(env.MAIL_FROM)) {
    const missing = env.SMTP_URL ? 'MAIL_FROM' : 'SMTP_URL';
    throw new Error(
      `Invalid environment variable ${missing}: SMTP_URL and MAIL_FROM are set together or not at all`,
    );
  }
  if (env.SMTP_URL && !env.PUBLIC_URL)
    throw new Error(
      'Invalid environment variable PUBLIC_URL: required when SMTP_URL is set (the links in e-mail are built on it)',
    );
  if (env.BACKUP_DIR && isInside(resolve(env.BACKUP_DIR), resolve(env.DATA_DIR)))
    throw new Error(
      'Invalid environment variable BACKUP_DIR: must be outside DATA_DIR (a backup beside the data is lost with it)',
    );
  const oidcMistakes = oidcMistakesOf(env);
  if (oidcMistakes.length > 0) throw new Error(oidcMistakes.join('\n'));
  const overload = overloadThresholdsOf(env);
  if (typeof overload === 'string') throw new Error(overload);
  return { ...env, ...overload, API_DOCS: env.API_DOCS ?? env.NODE_ENV !== 'production' };
}

/** What single sign-on needs beside OIDC_ISSUER, one line a missing piece. */
function oidcMistakesOf(env: z.infer<typeof envSchema>): string[] {
  const mistakes: string[] = [];
  const needs = (name: string, why: string) => mistakes.push(`Invalid environment variable ${name}: ${why}`);
  const oidcOnly = ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ROLE_CLAIM', 'OIDC_ROLE_MAP'] as const;
  if (!env.OIDC_ISSUER) {
    for (const name of oidcOnly) if (env[name]) needs('OIDC_ISSUER', `required when ${name} is set`);
    return mistakes.slice(0, 1);
  }
  if (!env.OIDC_CLIENT_ID) needs('OIDC_CLIENT_ID', 'required when OIDC_ISSUER is set');
  if (!env.PUBLIC_URL)
    needs('PUBLIC_URL', 'required when OIDC_ISSUER is set (the redirect URI is built on it)');
  if (Boolean(env.OIDC_ROLE_CLAIM) !== Boolean(env.OIDC_ROLE_MAP)) {
    const missing = env.OIDC_ROLE_CLAIM ? 'OIDC_ROLE_MAP' : 'OIDC_ROLE_CLAIM';
    needs(missing, 'OIDC_ROLE_CLAIM and OIDC_ROLE_MAP are set together or not at all');
  }
  return mistakes;
}
