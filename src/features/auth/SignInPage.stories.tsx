import { DASHBOARD_REACHED, onThePhone, visible } from '../../../.storybook/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { MESSAGES, SIGN_IN_TEXTS } from '../../contract';
import { loginFailures, loginNeverAnswers, validateNeverAnswers } from '../../../mocks/handlers';
import { mockUsers, MOCK_PASSWORD } from '../../../mocks/fixtures';
import { SignInRoute } from '../../../.storybook/areas/sign-in';

const meta = {
  title: 'Auth/Sign-in',
  component: SignInRoute,
  parameters: { layout: 'fullscreen', route: '/login' },
} satisfies Meta<typeof SignInRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

const fillAndSubmit = async (
  { canvas, userEvent }: Pick<Parameters<NonNullable<Story['play']>>[0], 'canvas' | 'userEvent'>,
  email = mockUsers.owner.email,
  password = MOCK_PASSWORD,
) => {
  await userEvent.type(await canvas.findByRole('textbox', { name: SIGN_IN_TEXTS.emailLabel }), email);
  await userEvent.type(canvas.getByLabelText(SIGN_IN_TEXTS.passwordLabel), password);
  await userEvent.click(canvas.getByRole('button', { name: SIGN_IN_TEXTS.submit }));
};

/** Each error story: the catalogue text of docs/requirements.md#error-texts is shown in an alert. */
const showsError = (message: string): Story['play'] =>
  async function play(context) {
    await fillAndSubmit(context);
    await expect(await context.canvas.findByRole('alert')).toHaveTextContent(message);
    await expect(context.canvas.getByRole('button', { name: SIGN_IN_TEXTS.submit })).toBeEnabled();
  };

export const Default: Story = {
  tags: ['visual'],
  play: async ({ canvas }) => {
    // The card shows first; the form once the server has said how one may sign in.
    await expect(await canvas.findByRole('textbox', { name: SIGN_IN_TEXTS.emailLabel })).toBeRequired();
    await visible(() => canvas.getByRole('heading', { level: 1, name: SIGN_IN_TEXTS.heading }));
    await visible(() => canvas.getByText(SIGN_IN_TEXTS.subtitle));
    await expect(canvas.getByLabelText(SIGN_IN_TEXTS.passwordLabel)).toBeRequired();
    await expect(canvas.getByLabelText(SIGN_IN_TEXTS.passwordLabel)).toHaveAttribute('type', 'password');
  },
};

export const Busy: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(loginNeverAnswers()),
  play: async (context) => {
    await fillAndSubmit(context);
    await visible(() => context.canvas.getByRole('button', { name: SIGN_IN_TEXTS.submitting }));
  },
};

export const InvalidCredentials: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(loginFailures.invalidCredentials()),
  play: showsError(MESSAGES.invalidCredentials),
};

export const AccountDisabled: Story = {
  beforeEach: ({ msw }) => msw.use(loginFailures.accountDisabled()),
  play: showsError(MESSAGES.accountDisabled),
};

export const ServerError: Story = {
  beforeEach: ({ msw }) => msw.use(loginFailures.serverError()),
  play: showsError(MESSAGES.serverError),
};

export const OtherFailureWithServerMessage: Story = {
  beforeEach: ({ msw }) => msw.use(loginFailures.rateLimited()),
  play: showsError('Too many attempts. Try again in 30 seconds.'),
};

export const OtherFailureWithoutMessage: Story = {
  beforeEach: ({ msw }) => msw.use(loginFailures.withoutMessage()),
  play: showsError(MESSAGES.loginFailed),
};

export const NetworkError: Story = {
  beforeEach: ({ msw }) => msw.use(loginFailures.network()),
  play: showsError(MESSAGES.networkError),
};

export const CheckingAuthentication: Story = {
  tags: ['visual'],
  parameters: { session: { signedInAs: 'owner' } },
  beforeEach: ({ msw }) => msw.use(validateNeverAnswers()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent(SIGN_IN_TEXTS.checking);
    await expect(canvas.queryByRole('textbox')).not.toBeInTheDocument();
  },
};

export const EditingAFieldClearsTheError: Story = {
  beforeEach: ({ msw }) => msw.use(loginFailures.invalidCredentials()),
  play: async (context) => {
    await fillAndSubmit(context);
    await visible(() => context.canvas.getByRole('alert'));
    await context.userEvent.type(context.canvas.getByLabelText(SIGN_IN_TEXTS.passwordLabel), 'x');
    await expect(context.canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

export const RequiredFields: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: SIGN_IN_TEXTS.submit }));
    const email = canvas.getByRole('textbox', { name: SIGN_IN_TEXTS.emailLabel });
    await expect(email).toBeInvalid();
    await expect(email).toHaveAccessibleDescription('Email is required');
    await expect(canvas.getByLabelText(SIGN_IN_TEXTS.passwordLabel)).toHaveAccessibleDescription(
      'Password is required',
    );
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(canvas.getByRole('button', { name: SIGN_IN_TEXTS.submit }));
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
  },
};

export const SuccessGoesToDashboard: Story = {
  play: async (context) => {
    await fillAndSubmit(context);
    await visible(() => context.canvas.getByText(DASHBOARD_REACHED));
  },
};

export const KeyboardOnly: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('textbox', { name: SIGN_IN_TEXTS.emailLabel });
    await userEvent.tab();
    await userEvent.keyboard(mockUsers.viewer.email);
    await userEvent.tab();
    await userEvent.keyboard(MOCK_PASSWORD);
    await userEvent.keyboard('{Enter}');
    await visible(() => canvas.getByText(DASHBOARD_REACHED));
  },
};

export const AlreadySignedInGoesToDashboard: Story = {
  parameters: { session: { signedInAs: 'editor' } },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(DASHBOARD_REACHED));
  },
};

/** The same at a phone's width. */
export const Phone: Story = { ...onThePhone(Default), tags: ['visual'] };
