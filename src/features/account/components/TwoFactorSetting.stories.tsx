import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  AUTHENTICATOR_TEXTS,
  LIST_TEXTS,
  MESSAGES,
  MFA_ACCOUNT_TEXTS,
  MFA_TOASTS,
  SIGN_IN_MESSAGES,
} from '../../../contract';
import { MOCK_PASSWORD } from '#mocks/fixtures.ts';
import { mailHandlers } from '#mocks/handlers/mail.ts';
import { sessionHandlers } from '#mocks/handlers/sessions.ts';
import { MOCK_RECOVERY_CODES, MOCK_TOTP_CODE, signInHandlers, signInMocks } from '#mocks/handlers/sign-in.ts';
import { toastWith, type Canvas, type UserEvent, visible } from '#storybook/story-helpers.tsx';
import { AccountPage } from '../AccountPage';

/** The Account page's two-factor section: an editor without codes, unless a story signs in otherwise. */
const meta = {
  title: 'Account/Two-factor sign-in',
  component: AccountPage,
  parameters: { session: { signedInAs: 'editor' }, route: '/account' },
  beforeEach: ({ msw }) => msw.use(...sessionHandlers(), ...mailHandlers(), ...signInHandlers()),
} satisfies Meta<typeof AccountPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The section, as queries within it, once its state is known. */
async function section(canvas: Canvas) {
  const heading = await canvas.findByRole('heading', { level: 2, name: MFA_ACCOUNT_TEXTS.heading });
  const panel = within(heading.closest('section') as HTMLElement);
  await panel.findByTestId('mfa-summary');
  return panel;
}

export const Off: Story = {
  tags: ['visual'],
  play: async ({ canvas }) => {
    const panel = await section(canvas);
    await expect(panel.getByTestId('mfa-summary')).toHaveTextContent(MFA_ACCOUNT_TEXTS.off);
    await visible(() => panel.getByRole('button', { name: MFA_ACCOUNT_TEXTS.setUp }));
  },
};

/** Opens the set-up dialog, which asks for the current password before it shows a key. */
async function openSetUp(canvas: Canvas, userEvent: UserEvent) {
  const panel = await section(canvas);
  await userEvent.click(panel.getByRole('button', { name: MFA_ACCOUNT_TEXTS.setUp }));
  const dialog = within(await screen.findByRole('dialog', { name: MFA_ACCOUNT_TEXTS.setUpTitle }));
  await visible(() => dialog.getByText(MFA_ACCOUNT_TEXTS.setUpPasswordBody));
  // No key before the password.
  await expect(dialog.queryByRole('img', { name: AUTHENTICATOR_TEXTS.qrLabel })).not.toBeInTheDocument();
  return { panel, dialog, password: dialog.getByLabelText(MFA_ACCOUNT_TEXTS.passwordLabel) };
}

export const SetUp: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    const { dialog, password } = await openSetUp(canvas, userEvent);
    await userEvent.type(password, MOCK_PASSWORD);
    await userEvent.click(dialog.getByRole('button', { name: MFA_ACCOUNT_TEXTS.continue }));
    await visible(() => dialog.getByRole('img', { name: AUTHENTICATOR_TEXTS.qrLabel }));
    const code = dialog.getByRole('textbox', { name: AUTHENTICATOR_TEXTS.codeLabel });
    await userEvent.type(code, '000000');
    await userEvent.click(dialog.getByRole('button', { name: AUTHENTICATOR_TEXTS.confirm }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(new RegExp(SIGN_IN_MESSAGES.invalidMfaCode)),
    );
    await userEvent.clear(code);
    await userEvent.type(code, `${MOCK_TOTP_CODE}{Enter}`);
    const list = await dialog.findByRole('list', { name: AUTHENTICATOR_TEXTS.recoveryListLabel });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(MOCK_RECOVERY_CODES.length);
    await toastWith(MFA_TOASTS.enabled, '');
  },
};

export const SetUpDone: Story = {
  play: async (context) => {
    await SetUp.play?.(context);
    const { canvas, userEvent } = context;
    await userEvent.click(screen.getByRole('button', { name: MFA_ACCOUNT_TEXTS.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const panel = await section(canvas);
    await waitFor(() => expect(panel.getByTestId('mfa-summary')).toHaveTextContent(/On since/));
  },
};

/** A wrong password is said on its field, and no key is shown until the right one. */
export const SetUpWrongPassword: Story = {
  play: async ({ canvas, userEvent }) => {
    const { dialog, password } = await openSetUp(canvas, userEvent);
    await userEvent.type(password, 'wrong-password{Enter}');
    await waitFor(() => expect(password).toHaveAccessibleDescription(MESSAGES.wrongCurrentPassword));
    await expect(dialog.queryByRole('img', { name: AUTHENTICATOR_TEXTS.qrLabel })).not.toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, MOCK_PASSWORD);
    await userEvent.click(dialog.getByRole('button', { name: MFA_ACCOUNT_TEXTS.continue }));
    await visible(() => dialog.getByRole('img', { name: AUTHENTICATOR_TEXTS.qrLabel }));
  },
};

/** The set-up cannot start: after the password, the dialog says why and can be closed. */
export const SetUpCannotStart: Story = {
  beforeEach: ({ msw }) => msw.use(signInMocks.enrolmentStartFails()),
  play: async ({ canvas, userEvent }) => {
    const { panel, dialog, password } = await openSetUp(canvas, userEvent);
    await userEvent.type(password, `${MOCK_PASSWORD}{Enter}`);
    await expect(await dialog.findByRole('alert')).toHaveTextContent(MESSAGES.internal);
    await userEvent.click(dialog.getByRole('button', { name: LIST_TEXTS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(panel.getByTestId('mfa-summary')).toHaveTextContent(MFA_ACCOUNT_TEXTS.off);
  },
};

export const On: Story = {
  tags: ['visual'],
  parameters: { session: { signedInAs: 'owner' } },
  play: async ({ canvas }) => {
    const panel = await section(canvas);
    await expect(panel.getByTestId('mfa-summary')).toHaveTextContent(MFA_ACCOUNT_TEXTS.recoveryLeft(8));
    await visible(() => panel.getByRole('button', { name: MFA_ACCOUNT_TEXTS.turnOff }));
  },
};

export const TurnOff: Story = {
  parameters: { session: { signedInAs: 'owner' } },
  play: async ({ canvas, userEvent }) => {
    const panel = await section(canvas);
    await userEvent.click(panel.getByRole('button', { name: MFA_ACCOUNT_TEXTS.turnOff }));
    const dialog = within(await screen.findByRole('dialog', { name: MFA_ACCOUNT_TEXTS.turnOffTitle }));
    const password = dialog.getByLabelText(MFA_ACCOUNT_TEXTS.passwordLabel);
    await userEvent.type(password, 'wrong-password{Enter}');
    await waitFor(() => expect(password).toHaveAccessibleDescription(MESSAGES.wrongCurrentPassword));
    await userEvent.clear(password);
    await userEvent.type(password, `${MOCK_PASSWORD}{Enter}`);
    await toastWith(MFA_TOASTS.disabled, '');
    await waitFor(() => expect(panel.getByTestId('mfa-summary')).toHaveTextContent(MFA_ACCOUNT_TEXTS.off));
  },
};

export const CancelTurningOff: Story = {
  parameters: { session: { signedInAs: 'owner' } },
  play: async ({ canvas, userEvent }) => {
    const panel = await section(canvas);
    await userEvent.click(panel.getByRole('button', { name: MFA_ACCOUNT_TEXTS.turnOff }));
    await userEvent.click(await screen.findByRole('button', { name: LIST_TEXTS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(panel.getByTestId('mfa-summary')).toHaveTextContent(/On since/);
  },
};

/** The owners require codes: no way to turn them off here. */
export const RequiredByTheOwners: Story = {
  tags: ['visual'],
  parameters: { session: { signedInAs: 'owner' } },
  beforeEach: ({ msw }) => msw.use(...signInMocks.required()),
  play: async ({ canvas }) => {
    const panel = await section(canvas);
    await expect(panel.getByTestId('mfa-summary')).toHaveTextContent(MFA_ACCOUNT_TEXTS.required);
    await expect(panel.queryByRole('button', { name: MFA_ACCOUNT_TEXTS.turnOff })).not.toBeInTheDocument();
  },
};

export const SingleSignOnAccount: Story = {
  beforeEach: ({ msw }) => msw.use(signInMocks.ssoOnlyAccount()),
  play: async ({ canvas }) => {
    const heading = await canvas.findByRole('heading', { level: 2, name: MFA_ACCOUNT_TEXTS.heading });
    const panel = within(heading.closest('section') as HTMLElement);
    await visible(() => panel.getByText(MFA_ACCOUNT_TEXTS.ssoOnly));
    await expect(panel.queryByRole('button')).not.toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  beforeEach: ({ msw }) => msw.use(signInMocks.statusFails()),
  play: async ({ canvas }) => {
    const heading = await canvas.findByRole('heading', { level: 2, name: MFA_ACCOUNT_TEXTS.heading });
    const panel = within(heading.closest('section') as HTMLElement);
    await visible(() => panel.getByRole('alert'));
    await expect(panel.queryByRole('button', { name: MFA_ACCOUNT_TEXTS.setUp })).not.toBeInTheDocument();
  },
};
