import { describe, expect, it } from 'vitest';
import { configResponseSchema } from '../contract/auth';
import { apiUrlOf, loadConfig } from './config';
import { createFakeFetch, json } from '../../tests/support/console-fakes';

describe('loadConfig (docs/requirements.md#calls start-up)', () => {
  it('reads apiUrl from /config.json', async () => {
    const server = createFakeFetch(() => json({ apiUrl: 'https://api.example.test/api/v1/' }));
    await expect(loadConfig(server.fetch)).resolves.toEqual({ apiUrl: 'https://api.example.test/api/v1' });
    expect(server.calls[0]?.path).toBe('/config.json');
  });

  it.each([
    ['a 404', () => new Response('Not Found', { status: 404 })],
    ['a body without apiUrl', () => json({ other: true })],
    ['a body that is not JSON', () => new Response('<html>', { status: 200 })],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('falls back to /api/v1 on %s', async (_case, answer) => {
    await expect(loadConfig(createFakeFetch(answer).fetch)).resolves.toEqual({ apiUrl: '/api/v1' });
  });

  it.each([
    { apiUrl: '/api/v1' },
    { apiUrl: '' },
    { apiUrl: 'https://api.example.test', extra: 1 },
    { apiUrl: 42 },
    { apiUrl: null },
    {},
    null,
    'text',
    [],
  ])('reads %j as the contract schema does', (body) => {
    const parsed = configResponseSchema.safeParse(body);
    expect(apiUrlOf(body)).toBe(parsed.success ? parsed.data.apiUrl : undefined);
  });
});
