// Signing in beyond a password (docs/sign-in.md): the methods the sign-in page offers, the two-factor step
// and enrolment, the Account page's two-factor calls and the owners' sign-in settings, over an in-memory store.
import { delay, http, HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  mfaConfirmRequestSchema,
  mfaDisableRequestSchema,
  mfaEnrolmentRequestSchema,
  mfaLoginEnrolmentRequestSchema,
  mfaLoginRequestSchema,
  MESSAGES,
  updateSignInSettingsRequestSchema,
  type MfaEnrolment,
  type mfaEnrolmentResponseSchema,
  type mfaLoginResponseSchema,
  type mfaStatusResponseSchema,
  type recoveryCodesResponseSchema,
  type SignInMethods,
  type signInMethodsResponseSchema,
  type SignInSettings,
  type signInSettingsResponseSchema,
  SIGN_IN_MESSAGES,
} from '../../src/contract';
import { FIXED_NOW, mockTokenSet, mockUsers, MOCK_PASSWORD } from '../fixtures';
import { actorOf, api, errorResponse, jsonOf, refusal, validationFailed } from './directory-common';

/** The code the mock authenticator shows: any other is refused. */
export const MOCK_TOTP_CODE = '123456';
export const MOCK_RECOVERY_CODES = [
  '7kq2m-x9d4p',
  'h3vtn-6cw8r',
  'p2zfj-k5m7e',
  'w9rb4-t2nq6',
  'c6xhd-8jv3s',
  'm4pe7-r9kt2',
  'f8sa3-q6wz5',
  'n5dy9-b2hx7',
  'e3ug6-v7lc4',
  'z7tk2-w4pj8',
];
/** A well-formed authenticator key and its URI (RFC 4648 base32, 160 bits). */
export const MOCK_ENROLMENT: MfaEnrolment = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri:
    'otpauth://totp/License%20Console:owner%40example.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=License%20Console&algorithm=SHA1&digits=6&period=30',
};
/** The tokens between a password and its code: the owner's, for a code or for an enrolment. */
const CODE_TOKEN = 'mock-mfa-token';
const ENROL_TOKEN = 'mock-mfa-enrol-token';

/** A server without single sign-on: the default of every story. */
export const passwordOnly: SignInMethods = { password: true, sso: null };
export const withSso: SignInMethods = { password: true, sso: { displayName: 'Okta' } };

export const defaultSignInSettings = (): SignInSettings => ({
  passwordLogin: true,
  mfaRequired: false,
  sso: { configured: false, displayName: 'single sign-on', issuer: null },
});

/** `{ data }` typed by the answer's contract schema, so a contract change breaks the mock at compile time. */
const json = <S extends z.ZodType<{ data: unknown }>>(
  data: z.input<S> extends { data: infer D } ? D : never,
) => HttpResponse.json({ data });
const codeRefused = () => errorResponse(401, SIGN_IN_MESSAGES.invalidMfaCode, 'UNAUTHENTICATED');
const wrongPassword = () =>
  errorResponse(400, MESSAGES.wrongCurrentPassword, 'VALIDATION_FAILED', {
    password: MESSAGES.wrongCurrentPassword,
  });
const isAccepted = (code: string) => code === MOCK_TOTP_CODE || MOCK_RECOVERY_CODES.includes(code);

export function signInHandlers({
  methods = passwordOnly,
  settings = defaultSignInSettings(),
}: { methods?: SignInMethods; settings?: SignInSettings } = {}) {
  // Who has two-factor codes on, by e-mail: the owner, as in the users fixtures.
  const enrolled = new Set([mockUsers.owner.email]);
  const current = { ...settings };
  const signedIn = (request: Request) => {
    const actor = actorOf(request);
    return actor ?? errorResponse(401, MESSAGES.unauthenticated, 'UNAUTHENTICATED');
  };

  return [
    http.get(api('/auth/methods'), () => json<typeof signInMethodsResponseSchema>(methods)),

    http.post(api('/auth/login/mfa'), async ({ request }) => {
      const body = mfaLoginRequestSchema.safeParse(await jsonOf(request));
      if (!body.success) return validationFailed(body.error);
      const { mfaToken, code } = body.data;
      if (mfaToken !== CODE_TOKEN && mfaToken !== ENROL_TOKEN)
        return errorResponse(401, SIGN_IN_MESSAGES.mfaSignInExpired, 'UNAUTHENTICATED');
      if (!isAccepted(code)) return codeRefused();
      const tokens = mockTokenSet('owner');
      return json<typeof mfaLoginResponseSchema>(
        mfaToken === ENROL_TOKEN ? { ...tokens, recoveryCodes: MOCK_RECOVERY_CODES } : tokens,
      );
    }),

    http.post(api('/auth/login/mfa/enrolment'), async ({ request }) => {
      const body = mfaLoginEnrolmentRequestSchema.safeParse(await jsonOf(request));
      if (!body.success || body.data.mfaToken !== ENROL_TOKEN)
        return errorResponse(401, SIGN_IN_MESSAGES.mfaSignInExpired, 'UNAUTHENTICATED');
      return json<typeof mfaEnrolmentResponseSchema>(MOCK_ENROLMENT);
    }),

    http.get(api('/auth/mfa'), ({ request }) => {
      const actor = signedIn(request);
      if (actor instanceof Response) return actor;
      const enabled = enrolled.has(actor.email);
      return json<typeof mfaStatusResponseSchema>({
        enabled,
        enabledAt: enabled ? FIXED_NOW - 30 * 86_400_000 : null,
        recoveryCodesLeft: enabled ? 8 : 0,
        required: current.mfaRequired,
        available: true,
      });
    }),

    // As the server: the current password first, so a session alone cannot add an authenticator.
    http.post(api('/auth/mfa/enrolment'), async ({ request }) => {
      const actor = signedIn(request);
      if (actor instanceof Response) return actor;
      const body = mfaEnrolmentRequestSchema.safeParse(await jsonOf(request));
      if (!body.success) return validationFailed(body.error);
      if (enrolled.has(actor.email))
        return errorResponse(409, SIGN_IN_MESSAGES.mfaAlreadyEnabled, 'CONFLICT');
      if (body.data.password !== MOCK_PASSWORD) return wrongPassword();
      return json<typeof mfaEnrolmentResponseSchema>(MOCK_ENROLMENT);
    }),

    http.post(api('/auth/mfa/enrolment/confirm'), async ({ request }) => {
      const actor = signedIn(request);
      if (actor instanceof Response) return actor;
      const body = mfaConfirmRequestSchema.safeParse(await jsonOf(request));
      if (!body.success) return validationFailed(body.error);
      if (body.data.code !== MOCK_TOTP_CODE)
        return errorResponse(400, SIGN_IN_MESSAGES.invalidMfaCode, 'VALIDATION_FAILED', {
          code: SIGN_IN_MESSAGES.invalidMfaCode,
        });
      enrolled.add(actor.email);
      return json<typeof recoveryCodesResponseSchema>({ recoveryCodes: MOCK_RECOVERY_CODES });
    }),

    http.delete(api('/auth/mfa'), async ({ request }) => {
      const actor = signedIn(request);
      if (actor instanceof Response) return actor;
      const body = mfaDisableRequestSchema.safeParse(await jsonOf(request));
      if (!body.success) return validationFailed(body.error);
      if (current.mfaRequired) return errorResponse(409, SIGN_IN_MESSAGES.mfaRequiredForAll, 'CONFLICT');
      if (body.data.password !== MOCK_PASSWORD) return wrongPassword();
      enrolled.delete(actor.email);
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(api('/settings/sign-in'), ({ request }) => {
      const denied = refusal(request, 'settings:manage');
      return denied ?? json<typeof signInSettingsResponseSchema>(current);
    }),

    http.put(api('/settings/sign-in'), async ({ request }) => {
      const denied = refusal(request, 'settings:manage');
      if (denied) return denied;
      const body = updateSignInSettingsRequestSchema.safeParse(await jsonOf(request));
      if (!body.success) return validationFailed(body.error);
      Object.assign(
        current,
        Object.fromEntries(Object.entries(body.data).filter(([, v]) => v !== undefined)),
      );
      return json<typeof signInSettingsResponseSchema>(current);
    }),
  ];
}

const loginAnswers = (data: object) =>
  http.post(api('/auth/login'), async ({ request }) => {
    const body = (await jsonOf(request)) as { password?: string } | undefined;
    if (body?.password !== MOCK_PASSWORD)
      return errorResponse(401, MESSAGES.invalidCredentials, 'UNAUTHENTICATED');
    return HttpResponse.json({ data });
  });

/** Answers stories and tests override the defaults with (`msw.use`). */
export const signInMocks = {
  /** The server offers single sign-on (with password sign-in, or without it for staff). */
  methods: (methods: SignInMethods) => signInHandlers({ methods }),
  /** The owners' settings with single sign-on configured (and the given choices). */
  settings: (settings: Partial<SignInSettings>) =>
    signInHandlers({
      methods: withSso,
      settings: {
        ...defaultSignInSettings(),
        sso: { configured: true, displayName: 'Okta', issuer: 'https://studio.okta.com' },
        ...settings,
      },
    }),
  /** The password was right and the account has two-factor codes: the page asks for one. */
  codeRequired: () => loginAnswers({ mfaRequired: true, mfaToken: CODE_TOKEN }),
  /** The password was right, the owners require codes and the account has none: it enrols first. */
  enrolmentRequired: () => loginAnswers({ mfaEnrolmentRequired: true, mfaToken: ENROL_TOKEN }),
  /** The enrolment at sign-in cannot start (the mfaToken expired meanwhile). */
  enrolmentExpired: () =>
    http.post(api('/auth/login/mfa/enrolment'), () =>
      errorResponse(401, SIGN_IN_MESSAGES.mfaSignInExpired, 'UNAUTHENTICATED'),
    ),
  codeNeverAnswers: () => http.post(api('/auth/login/mfa'), () => delay('infinite')),
  methodsNeverAnswer: () => http.get(api('/auth/methods'), () => delay('infinite')),
  statusFails: () => http.get(api('/auth/mfa'), () => errorResponse(500, MESSAGES.internal, 'INTERNAL')),
  /** An account made by single sign-on: no password, so no codes of the console's. */
  ssoOnlyAccount: () =>
    http.get(api('/auth/mfa'), () =>
      json<typeof mfaStatusResponseSchema>({
        enabled: false,
        enabledAt: null,
        recoveryCodesLeft: 0,
        required: false,
        available: false,
      }),
    ),
  /** The owners require codes of every password account. */
  required: () => signInHandlers({ settings: { ...defaultSignInSettings(), mfaRequired: true } }),
  /** The server refuses a reset (the user became an owner meanwhile, say). */
  resetRefused: () =>
    http.delete(api('/users/:id/mfa'), () => errorResponse(403, MESSAGES.forbidden, 'FORBIDDEN')),
  /** Saving a sign-in setting fails (the server's 500). */
  settingsSaveFails: () =>
    http.put(api('/settings/sign-in'), () => errorResponse(500, MESSAGES.internal, 'INTERNAL')),
  /** Adding an authenticator from the Account page cannot start. */
  enrolmentStartFails: () =>
    http.post(api('/auth/mfa/enrolment'), () => errorResponse(500, MESSAGES.internal, 'INTERNAL')),
  settingsFail: () =>
    http.get(api('/settings/sign-in'), () => errorResponse(500, MESSAGES.internal, 'INTERNAL')),
};
