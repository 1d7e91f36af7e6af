import { DASHBOARD_REACHED, onThePhone, visible } from '../../../.storybook/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import {
  AUTHENTICATOR_TEXTS,
  MFA_SIGN_IN_TEXTS,
  SIGN_IN_TEXTS,
  SSO_FAILURE_TEXTS,
  SSO_TEXTS,
  SIGN_IN_MESSAGES,
} from '../../contract';
import { MOCK_PASSWORD, mockUsers } from '../../../mocks/fixtures';
import {
  MOCK_ENROLMENT,
  MOCK_RECOVERY_CODES,
  MOCK_TOTP_CODE,
  signInMocks,
  withSso,
} from '../../../mocks/handlers/sign-in';
import { SignInRoute } from '../../../.storybook/areas/sign-in';

// Single sign-on and the two-factor step.
const meta = {
  title: 'Auth/Sign-in steps',
  component: SignInRoute,
  parameters: { layout: 'fullscreen', route: '/login' },
} satisfies Meta<typeof SignInRoute>;
export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

const signInWithPassword = async ({ canvas, userEvent }: Pick<Context, 'canvas' | 'userEvent'>) => {
  await userEvent.type(
    await canvas.findByRole('textbox', { name: SIGN_IN_TEXTS.emailLabel }),
    mockUsers.owner.email,
  );
  await userEvent.type(canvas.getByLabelText(SIGN_IN_TEXTS.passwordLabel), MOCK_PASSWORD);
  await userEvent.click(canvas.getByRole('button', { name: SIGN_IN_TEXTS.submit }));
};

/** The card shows at once; only the form waits for the server to say how one may sign in. */
export const LoadingTheWaysToSignIn: Story = {
  beforeEach: ({ msw }) => msw.use(signInMocks.methodsNeverAnswer()),
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { name: SIGN_IN_TEXTS.heading }));
    await expect(canvas.getByRole('status')).toHaveTextContent(SIGN_IN_TEXTS.loadingMethods);
    await expect(canvas.queryByRole('textbox')).not.toBeInTheDocument();
  },
};

export const SingleSignOnOffered: Story = {
  tags: ['visual'],
  parameters: { route: '/login?next=%2Fcertificates' },
  beforeEach: ({ msw }) => msw.use(...signInMocks.methods(withSso)),
  play: async ({ canvas }) => {
    const sso = await canvas.findByRole('link', { name: SSO_TEXTS.signInWith('Okta') });
    // A whole-page navigation to the server, which returns to the page that was being opened.
    await expect(sso).toHaveAttribute('href', '/api/v1/auth/oidc/start?next=%2Fcertificates');
    await visible(() => canvas.getByRole('textbox', { name: SIGN_IN_TEXTS.emailLabel }));
  },
};

export const PasswordSignInOffForStaff: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(...signInMocks.methods({ password: false, sso: { displayName: 'Okta' } })),
  play: async ({ canvas, userEvent }) => {
    await visible(() => canvas.getByRole('link', { name: SSO_TEXTS.signInWith('Okta') }));
    await expect(canvas.queryByRole('textbox', { name: SIGN_IN_TEXTS.emailLabel })).not.toBeInTheDocument();
    // The owners' emergency path is one press away.
    await userEvent.click(canvas.getByRole('button', { name: SSO_TEXTS.ownerPasswordToggle }));
    await visible(() => canvas.getByText(SSO_TEXTS.passwordOff));
    await expect(canvas.getByRole('textbox', { name: SIGN_IN_TEXTS.emailLabel })).toHaveFocus();
  },
};

export const SingleSignOnRefused: Story = {
  parameters: { route: '/login?sso=unknown_user' },
  beforeEach: ({ msw }) => msw.use(...signInMocks.methods(withSso)),
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SSO_FAILURE_TEXTS.unknown_user);
    // Typing starts a new attempt: the old failure goes.
    await userEvent.type(canvas.getByRole('textbox', { name: SIGN_IN_TEXTS.emailLabel }), 'a');
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

export const CodeAfterPassword: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(signInMocks.codeRequired()),
  play: async (context) => {
    await signInWithPassword(context);
    const { canvas, userEvent } = context;
    await visible(() => canvas.getByRole('heading', { level: 1, name: MFA_SIGN_IN_TEXTS.heading }));
    await expect(canvas.getByRole('textbox', { name: MFA_SIGN_IN_TEXTS.codeLabel })).toHaveFocus();
    await userEvent.keyboard(`${MOCK_TOTP_CODE}{Enter}`);
    await visible(() => canvas.getByText(DASHBOARD_REACHED));
  },
};

export const WrongCode: Story = {
  beforeEach: ({ msw }) => msw.use(signInMocks.codeRequired()),
  play: async (context) => {
    await signInWithPassword(context);
    const { canvas, userEvent } = context;
    await userEvent.type(await canvas.findByRole('textbox', { name: MFA_SIGN_IN_TEXTS.codeLabel }), '000000');
    await userEvent.click(canvas.getByRole('button', { name: MFA_SIGN_IN_TEXTS.submit }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SIGN_IN_MESSAGES.invalidMfaCode);
    // A recovery code works in the same field.
    await userEvent.clear(canvas.getByRole('textbox', { name: MFA_SIGN_IN_TEXTS.codeLabel }));
    await userEvent.type(
      canvas.getByRole('textbox', { name: MFA_SIGN_IN_TEXTS.codeLabel }),
      MOCK_RECOVERY_CODES[0]!,
    );
    await userEvent.click(canvas.getByRole('button', { name: MFA_SIGN_IN_TEXTS.submit }));
    await visible(() => canvas.getByText(DASHBOARD_REACHED));
  },
};

export const BackToThePassword: Story = {
  beforeEach: ({ msw }) => msw.use(signInMocks.codeRequired()),
  play: async (context) => {
    await signInWithPassword(context);
    await context.userEvent.click(
      await context.canvas.findByRole('button', { name: MFA_SIGN_IN_TEXTS.back }),
    );
    await visible(() => context.canvas.getByRole('heading', { level: 1, name: SIGN_IN_TEXTS.heading }));
  },
};

export const VerifyingTheCode: Story = {
  beforeEach: ({ msw }) => msw.use(signInMocks.codeRequired(), signInMocks.codeNeverAnswers()),
  play: async (context) => {
    await signInWithPassword(context);
    await context.userEvent.type(
      await context.canvas.findByRole('textbox', { name: MFA_SIGN_IN_TEXTS.codeLabel }),
      `${MOCK_TOTP_CODE}{Enter}`,
    );
    await visible(() => context.canvas.getByRole('button', { name: MFA_SIGN_IN_TEXTS.submitting }));
  },
};

/** The owners require codes and the account has none: it adds an authenticator before entering. */
export const EnrolmentRequired: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(signInMocks.enrolmentRequired()),
  play: async (context) => {
    await signInWithPassword(context);
    const { canvas } = context;
    await visible(() => canvas.getByRole('heading', { level: 1, name: MFA_SIGN_IN_TEXTS.enrolHeading }));
    await visible(() => canvas.getByRole('img', { name: AUTHENTICATOR_TEXTS.qrLabel }));
    await expect(canvas.getByTestId('authenticator-secret')).toHaveTextContent(
      MOCK_ENROLMENT.secret.replace(/(.{4})(?=.)/g, '$1 '),
    );
  },
};

export const EnrolmentShowsRecoveryCodes: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(signInMocks.enrolmentRequired()),
  play: async (context) => {
    await signInWithPassword(context);
    const { canvas, userEvent } = context;
    await userEvent.type(
      await canvas.findByRole('textbox', { name: AUTHENTICATOR_TEXTS.codeLabel }),
      '111111',
    );
    await userEvent.click(canvas.getByRole('button', { name: AUTHENTICATOR_TEXTS.confirm }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SIGN_IN_MESSAGES.invalidMfaCode);
    await userEvent.clear(canvas.getByRole('textbox', { name: AUTHENTICATOR_TEXTS.codeLabel }));
    await userEvent.type(
      canvas.getByRole('textbox', { name: AUTHENTICATOR_TEXTS.codeLabel }),
      MOCK_TOTP_CODE,
    );
    await userEvent.click(canvas.getByRole('button', { name: AUTHENTICATOR_TEXTS.confirm }));
    const list = await canvas.findByRole('list', { name: AUTHENTICATOR_TEXTS.recoveryListLabel });
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(MOCK_RECOVERY_CODES.length));
    await visible(() => canvas.getByRole('heading', { level: 1, name: MFA_SIGN_IN_TEXTS.savedHeading }));
    // The codes stay until the user goes on.
    await expect(canvas.queryByText(DASHBOARD_REACHED)).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: MFA_SIGN_IN_TEXTS.continue }));
    await visible(() => canvas.getByText(DASHBOARD_REACHED));
  },
};

export const EnrolmentExpired: Story = {
  beforeEach: ({ msw }) => msw.use(signInMocks.enrolmentRequired(), signInMocks.enrolmentExpired()),
  play: async (context) => {
    await signInWithPassword(context);
    const { canvas, userEvent } = context;
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SIGN_IN_MESSAGES.mfaSignInExpired);
    await userEvent.click(canvas.getByRole('button', { name: MFA_SIGN_IN_TEXTS.back }));
    await visible(() => canvas.getByRole('heading', { level: 1, name: SIGN_IN_TEXTS.heading }));
  },
};

export const EnrolmentOnThePhone: Story = { ...onThePhone(EnrolmentRequired), tags: ['visual'] };
