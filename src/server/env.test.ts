import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('loadEnv', () => {
  it('applies the defaults of ARCHITECTURE.md', () => {
    expect(loadEnv({})).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './data', ACCESS_TOKEN_TTL_SECONDS: 900, LOGIN_RATE_LIMIT: true, VALIDATE_RATE_LIMIT: true, API_DOCS: true, LOG_LEVEL: 'info' });
    expect(loadEnv({ NODE_ENV: 'production' }).API_DOCS).toBe(false);
    expect(loadEnv({ LOGIN_RATE_LIMIT: '0' }).LOGIN_RATE_LIMIT).toBe(false);
  });

  it('names the bad variable in one line', () => {
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(/^Invalid environment variable PORT: /);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow('Invalid environment variable DATABASE_URL: must be a postgres:// URL');
    expect(() => loadEnv({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });
});
