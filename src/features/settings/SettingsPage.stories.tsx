import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { LIST_TEXTS, MESSAGES, SETTINGS_TEXTS, SETTINGS_TOASTS } from '../../contract';
import { signInHandlers, signInMocks } from '../../../mocks/handlers/sign-in';
import { createRequestSpy, onThePhone, toastWith, visible } from '../../../.storybook/story-helpers';
import { SettingsPage } from './SettingsPage';

const { recorded, spyOn } = createRequestSpy();

/** The owners' Settings page, on a server with single sign-on configured unless a story says otherwise. */
const meta = {
  title: 'Settings/Settings page',
  component: SettingsPage,
  parameters: { session: { signedInAs: 'owner' }, route: '/settings' },
  beforeEach: ({ msw }) => {
    recorded.length = 0;
    msw.use(...signInMocks.settings({}));
    msw.use(spyOn('put', '/settings/sign-in'));
  },
} satisfies Meta<typeof SettingsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const passwordBox = () => screen.findByRole('checkbox', { name: SETTINGS_TEXTS.passwordLogin });
const mfaBox = () => screen.findByRole('checkbox', { name: SETTINGS_TEXTS.mfaRequired });

export const WithSingleSignOn: Story = {
  tags: ['visual'],
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(SETTINGS_TEXTS.ssoConfigured('Okta')));
    await visible(() => canvas.getByText('https://studio.okta.com'));
    await expect(await passwordBox()).toBeChecked();
    await expect(await mfaBox()).not.toBeChecked();
  },
};

/** Without single sign-on, password sign-in cannot be turned off: staff would have no way in. */
export const WithoutSingleSignOn: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(...signInHandlers()),
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(SETTINGS_TEXTS.ssoNotConfigured));
    await expect(await passwordBox()).toBeDisabled();
    await expect(await passwordBox()).toHaveAccessibleDescription(SETTINGS_TEXTS.passwordLoginNeedsSso);
  },
};

export const TurnPasswordSignInOff: Story = {
  play: async ({ userEvent }) => {
    await userEvent.click(await passwordBox());
    const dialog = () =>
      within(screen.getByRole('alertdialog', { name: SETTINGS_TEXTS.confirmPasswordOffTitle }));
    await visible(() => dialog().getByText(SETTINGS_TEXTS.confirmPasswordOffBody('Okta')));
    await userEvent.click(dialog().getByRole('button', { name: SETTINGS_TEXTS.confirmPasswordOff }));
    await toastWith(SETTINGS_TOASTS.passwordLoginOff.title, SETTINGS_TOASTS.passwordLoginOff.description);
    await waitFor(async () => expect(await passwordBox()).not.toBeChecked());
    await expect(recorded.at(-1)?.body).toEqual({ passwordLogin: false });
  },
};

export const CancelTurningPasswordSignInOff: Story = {
  play: async ({ userEvent }) => {
    await userEvent.click(await passwordBox());
    await userEvent.click(await screen.findByRole('button', { name: LIST_TEXTS.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(await passwordBox()).toBeChecked();
    await expect(recorded).toHaveLength(0);
  },
};

export const RequireTwoFactorCodes: Story = {
  play: async ({ userEvent }) => {
    await userEvent.click(await mfaBox());
    await toastWith(SETTINGS_TOASTS.mfaRequiredOn.title, SETTINGS_TOASTS.mfaRequiredOn.description);
    await expect(await mfaBox()).toBeChecked();
    await expect(recorded.at(-1)?.body).toEqual({ mfaRequired: true });
  },
};

/** A failed save says so and leaves the box as the server has it. */
export const SaveFailed: Story = {
  beforeEach: ({ msw }) => msw.use(signInMocks.settingsSaveFails()),
  play: async ({ userEvent }) => {
    await userEvent.click(await mfaBox());
    await toastWith(SETTINGS_TOASTS.saveFailed.title, MESSAGES.internal);
    await expect(await mfaBox()).not.toBeChecked();
  },
};

export const LoadFailed: Story = {
  beforeEach: ({ msw }) => msw.use(signInMocks.settingsFail()),
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('alert'));
    await expect(canvas.queryByRole('checkbox')).not.toBeInTheDocument();
  },
};

export const Phone: Story = { ...onThePhone(WithSingleSignOn), tags: ['visual'] };
