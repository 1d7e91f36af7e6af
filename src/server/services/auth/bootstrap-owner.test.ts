import { describe, expect, it } from 'vitest';
import { tokenSetResponseSchema } from '../../../contract';
import { anonymous, testAppPerFile } from '#tests/support/callers.ts';
import { DEFAULT_OWNER_EMAIL, ensureOwner } from './bootstrap-owner';

const ctx = testAppPerFile();

describe('the first owner', () => {
  it('signs in after a first start without OWNER_EMAIL, as the README says: owner@localhost and the printed password', async () => {
    const created = await ensureOwner(ctx.database.db);
    expect(created?.email).toBe(DEFAULT_OWNER_EMAIL);
    expect(DEFAULT_OWNER_EMAIL).toBe('owner@localhost');

    const response = await anonymous(ctx).post('/auth/login', {
      email: DEFAULT_OWNER_EMAIL,
      password: created?.generatedPassword,
    });
    expect(response.statusCode).toBe(200);
    expect(tokenSetResponseSchema.parse(response.json()).data.user.email).toBe(DEFAULT_OWNER_EMAIL);
    // A second start finds a user and creates nobody.
    expect(await ensureOwner(ctx.database.db)).toBeNull();
  });
});
