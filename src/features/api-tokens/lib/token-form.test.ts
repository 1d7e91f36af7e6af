import { describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES } from '../../../contract/api-tokens';
import { createApiTokenPayload, emptyApiTokenForm, endOfUtcDay, tokenRolesFor } from './token-form';

const NOW = Date.UTC(2025, 0, 15, 12);

describe('tokenRolesFor', () => {
  it('offers owners and admins every token role, never owner', () => {
    expect(tokenRolesFor('owner')).toEqual(['admin', 'editor', 'viewer']);
    expect(tokenRolesFor('admin')).toEqual(['admin', 'editor', 'viewer']);
  });

  it('offers nothing above the creator', () => {
    expect(tokenRolesFor('editor')).toEqual(['editor', 'viewer']);
    expect(tokenRolesFor('viewer')).toEqual(['viewer']);
  });
});

describe('createApiTokenPayload', () => {
  it('requires a name, with the contract text', () => {
    expect(createApiTokenPayload({ ...emptyApiTokenForm, name: '   ' }, NOW)).toEqual({
      ok: false,
      fieldErrors: { name: API_TOKEN_MESSAGES.nameRequired },
    });
  });

  it('refuses a name over 100 characters', () => {
    expect(createApiTokenPayload({ ...emptyApiTokenForm, name: 'x'.repeat(101) }, NOW)).toEqual({
      ok: false,
      fieldErrors: { name: API_TOKEN_MESSAGES.nameTooLong },
    });
  });

  it('refuses an expiry that has passed', () => {
    expect(createApiTokenPayload({ name: 'CRM sync', role: 'editor', expiresAt: NOW - 1 }, NOW)).toEqual({
      ok: false,
      fieldErrors: { expiresAt: API_TOKEN_MESSAGES.expiresInPast },
    });
  });

  it('sends the name trimmed and leaves out an empty expiry', () => {
    expect(createApiTokenPayload({ name: ' CRM sync ', role: 'editor', expiresAt: null }, NOW)).toEqual({
      ok: true,
      body: { name: 'CRM sync', role: 'editor' },
    });
  });

  it('lets a token chosen to expire today work until the day ends', () => {
    const today = endOfUtcDay(Date.UTC(2025, 0, 15));
    expect(today).toBe(Date.UTC(2025, 0, 15, 23, 59, 59, 999));
    expect(createApiTokenPayload({ name: 'Billing', role: 'viewer', expiresAt: today }, NOW)).toEqual({
      ok: true,
      body: { name: 'Billing', role: 'viewer', expiresAt: today },
    });
  });
});
