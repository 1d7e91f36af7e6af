import { describe, expect, it } from 'vitest';
import { loginRequestSchema } from '../../src/contract/auth';
import { createClientRequestSchema } from '../../src/contract/clients';
import { INVALID_EMAIL } from '../../src/contract/common';
import { createUserRequestSchema } from '../../src/contract/users';

const signIn = (email: string) => loginRequestSchema.safeParse({ email, password: 'x' });

describe('an e-mail address', () => {
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
      expect(parsed.error?.issues[0]?.message).toBe(INVALID_EMAIL);
    }
  });

  it('is the same rule for a user made on the Users page', () => {
    const user = (email: string) =>
      createUserRequestSchema.safeParse({ name: 'Jane', email, password: 'a long password', roleId: 3 })
        .success;
    expect([user('jane@intranet'), user('jane@')]).toEqual([true, false]);
  });

  it("is the same rule for a client's contact, which may also be left empty", () => {
    const client = (contactEmail: string) =>
      createClientRequestSchema.safeParse({ name: 'Contoso', contactEmail });
    expect(client('office@intranet').success).toBe(true);
    expect(client('').success).toBe(true);
    const refused = client('office@');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(INVALID_EMAIL);
  });
});
