// Two-factor sign-in in tests: codes computed from the secret the server answered, as an authenticator app computes
// them (otpauth, the library the server checks with), and an enrolment through the API.
import { expect } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { mfaEnrolmentResponseSchema, recoveryCodesResponseSchema } from '../../src/contract/sign-in';
import type { Caller } from './callers';
import { TEST_PASSWORD, type TestClock } from './test-app';

/** The authenticator's code for `secret` at a time (the test clock's now by default). */
export const codeFor = (secret: string, at: TestClock | number) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: typeof at === 'number' ? at : at.now().getTime(),
  });

/**
 * Turns two-factor sign-in on for a signed-in caller, with their current password (the test users' one unless
 * given); answers the secret and the recovery codes.
 */
export async function enrolThroughApi(
  caller: Caller,
  clock: TestClock,
  password: string = TEST_PASSWORD,
): Promise<{ secret: string; otpauthUri: string; recoveryCodes: string[] }> {
  const started = await caller.post('/auth/mfa/enrolment', { password });
  expect(started.statusCode, started.body).toBe(200);
  const { secret, otpauthUri } = mfaEnrolmentResponseSchema.parse(started.json()).data;
  const confirmed = await caller.post('/auth/mfa/enrolment/confirm', { code: codeFor(secret, clock) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, otpauthUri, ...recoveryCodesResponseSchema.parse(confirmed.json()).data };
}
