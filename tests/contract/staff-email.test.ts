import { describe, expect, it } from 'vitest';
import { loginRequestSchema } from '../../src/contract/auth';
import { createUserRequestSchema } from '../../src/contract/users';

const signIn = (email: string) => loginRequestSchema.safeParse({ email, password: 'x' });

describe('a staff e-mail address', () => {
  it("takes what the browser's own e-mail field takes, a domain without a dot included", () => {
    for (const email of [
      'owner@localhost',
      'jane@intranet',
      'jane.doe+ops@example.com',
      '  pat@corp.example  ',
    ])
      expect(signIn(email).success, email).toBe(true);
  });

  it("refuses what is not an address, with the sign-in form's words", () => {
    for (const email of ['owner', 'owner@', '@localhost', 'two words@example.com', 'a@-corp', 'a@corp-']) {
      const parsed = signIn(email);
      expect(parsed.success, email).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Please enter a valid email address');
    }
  });

  it('is the same rule for a user made on the Users page', () => {
    const user = (email: string) =>
      createUserRequestSchema.safeParse({ name: 'Jane', email, password: 'a long password', roleId: 3 })
        .success;
    expect([user('jane@intranet'), user('jane@')]).toEqual([true, false]);
  });
});
