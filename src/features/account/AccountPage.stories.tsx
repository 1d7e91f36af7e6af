import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  ACCOUNT_ERRORS,
  ACCOUNT_TEXTS,
  ACCOUNT_TOASTS,
  LIST_TEXTS,
  MAIL_TOASTS,
  MESSAGES,
  REMINDER_SETTING_TEXTS,
} from '../../contract';
import { mailHandlers, mailMocks } from '../../../mocks/handlers/mail';
import { sessionHandlers, sessionsMocks } from '../../../mocks/handlers/sessions';
import { TIME_ZONE_STORAGE_KEY } from '../../lib/format/time-zone';
import { AccountPage } from './AccountPage';
import {
  createRequestSpy,
  expectFitsThePhone,
  pointerAway,
  toastWith,
  type Canvas,
  type UserEvent,
  visible,
} from '../../../.storybook/story-helpers';

const { recorded, spyOn } = createRequestSpy();

const meta = {
  title: 'Account/Account page',
  component: AccountPage,
  parameters: { session: { signedInAs: 'editor' }, route: '/account' },
  // A fresh store per story, so a session one story signs out is back for the next.
  beforeEach: ({ msw }) => {
    recorded.length = 0;
    msw.use(...sessionHandlers(), ...mailHandlers());
    // In front of the handlers, so it sees the request before one of them answers it.
    msw.use(spyOn('put', '/auth/preferences'));
  },
} satisfies Meta<typeof AccountPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Times in UTC or the browser's zone: the choice is kept in this browser. */
export const TimeZoneChoice: Story = {
  play: async ({ canvas, userEvent }) => {
    const choice = await canvas.findByRole('button', { name: new RegExp(ACCOUNT_TEXTS.timeZoneLabel) });
    await expect(choice).toHaveTextContent(/This browser's time zone/);
    await userEvent.click(choice);
    await userEvent.click(await screen.findByRole('option', { name: ACCOUNT_TEXTS.timeZoneOptions.utc }));
    await expect(choice).toHaveTextContent(ACCOUNT_TEXTS.timeZoneOptions.utc);
    await expect(localStorage.getItem(TIME_ZONE_STORAGE_KEY)).toBe('utc');
    // Back to the default, so no other story inherits the choice.
    await userEvent.click(choice);
    await userEvent.click(await screen.findByRole('option', { name: /This browser's time zone/ }));
    await expect(localStorage.getItem(TIME_ZONE_STORAGE_KEY)).toBe('local');
  },
};

/** Expiry reminders by e-mail: on by default, saved as soon as the box changes. */
export const ExpiryReminders: Story = {
  play: async ({ canvas, userEvent }) => {
    const box = await canvas.findByRole('checkbox', { name: REMINDER_SETTING_TEXTS.label });
    await expect(box).toBeChecked();
    await userEvent.click(box);
    await toastWith(MAIL_TOASTS.remindersOff.title, MAIL_TOASTS.remindersOff.description);
    await expect(box).not.toBeChecked();
    await expect(recorded.at(-1)?.body).toEqual({ expiryReminders: false });
    await userEvent.click(box);
    await toastWith(MAIL_TOASTS.remindersOn.title, MAIL_TOASTS.remindersOn.description);
    await expect(box).toBeChecked();
  },
};

/** The setting failed to load: a banner with Retry, and no box to press until it is known. */
export const ExpiryRemindersLoadFailed: Story = {
  beforeEach: ({ msw }) => msw.use(mailMocks.preferencesFailOnce()),
  play: async ({ canvas, userEvent }) => {
    const heading = await canvas.findByRole('heading', { name: REMINDER_SETTING_TEXTS.heading });
    const panel = within(heading.closest('section') as HTMLElement);
    const banner = await panel.findByRole('alert');
    await expect(panel.queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(within(banner).getByRole('button', { name: LIST_TEXTS.retry }));
    await expect(await panel.findByRole('checkbox', { name: REMINDER_SETTING_TEXTS.label })).toBeChecked();
  },
};

/** A failed save says so and leaves the box as the server has it. */
export const ExpiryRemindersSaveFailed: Story = {
  beforeEach: ({ msw }) => msw.use(mailMocks.remindersOff(), mailMocks.saveFails()),
  play: async ({ canvas, userEvent }) => {
    const box = await canvas.findByRole('checkbox', { name: REMINDER_SETTING_TEXTS.label });
    await expect(box).not.toBeChecked();
    await userEvent.click(box);
    await toastWith(MAIL_TOASTS.saveFailed.title, MESSAGES.internal);
    await expect(box).not.toBeChecked();
  },
};

/** The card of the session named `browser` ('Safari on iPhone'), as queries within it. */
async function sessionCard(canvas: Canvas, browser: string) {
  const card = (await canvas.findByText(browser)).closest('li');
  if (!card) throw new Error(`no session card for ${browser}`);
  return within(card);
}

const sessionNames = (canvas: Canvas) =>
  within(canvas.getByRole('list', { name: ACCOUNT_TEXTS.sessionsLabel }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.firstChild?.textContent);

const signOutOthersButton = (canvas: Canvas) =>
  canvas.getByRole('button', { name: ACCOUNT_TEXTS.signOutOthers });

export const Sessions: Story = {
  tags: ['visual', 'dark'],
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: ACCOUNT_TEXTS.title }));
    const details = within(canvas.getByRole('region', { name: ACCOUNT_TEXTS.detailsHeading }));
    await visible(() => details.getByText('Edith Editor'));
    await visible(() => details.getByText('editor@example.test'));
    await visible(() => details.getByText('EDITOR'));
    await visible(() => details.getByText(ACCOUNT_TEXTS.passwordHint));

    const thisDevice = await sessionCard(canvas, 'Chrome on Linux');
    await visible(() => thisDevice.getByText(ACCOUNT_TEXTS.thisDevice));
    await visible(() => thisDevice.getByText('203.0.113.24'));
    await visible(() => thisDevice.getByText('Jan 13, 2025, 12:00 PM UTC'));
    await visible(() => thisDevice.getByText('Jan 15, 2025, 11:58 AM UTC'));
    // This device signs out with Logout in the top bar, not here.
    await expect(thisDevice.queryByRole('button')).not.toBeInTheDocument();

    const phone = await sessionCard(canvas, 'Safari on iPhone');
    await expect(phone.queryByText(ACCOUNT_TEXTS.thisDevice)).not.toBeInTheDocument();
    await visible(() => phone.getByText('198.51.100.7'));
    await visible(() => phone.getByText('Jan 15, 2025, 9:00 AM UTC'));
    // 'Sign out', described by the session it ends.
    await expect(phone.getByRole('button', { name: ACCOUNT_TEXTS.signOut })).toHaveAccessibleDescription(
      'Safari on iPhone',
    );
    // This device first, then the others as the server orders them (the most recently used first).
    await expect(sessionNames(canvas)).toEqual(['Chrome on Linux', 'Safari on iPhone', 'Firefox on Windows']);
    await expect(signOutOthersButton(canvas)).toBeEnabled();
  },
};

export const Loading: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(sessionsMocks.listNeverAnswers()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent(ACCOUNT_TEXTS.loading);
    await expect(signOutOthersButton(canvas)).toBeDisabled();
  },
};

export const OnlyThisDevice: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(...sessionsMocks.onlyCurrent()),
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(ACCOUNT_TEXTS.onlyThisDevice));
    await expect(sessionNames(canvas)).toEqual(['Chrome on Linux']);
    await expect(canvas.queryByRole('button', { name: ACCOUNT_TEXTS.signOut })).not.toBeInTheDocument();
    await expect(signOutOthersButton(canvas)).toBeDisabled();
  },
};

export const SignOutOneSession: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(spyOn('delete', '/auth/sessions/:id')),
  play: async ({ canvas, userEvent }) => {
    const phone = await sessionCard(canvas, 'Safari on iPhone');
    await userEvent.click(phone.getByRole('button', { name: ACCOUNT_TEXTS.signOut }));
    await toastWith(ACCOUNT_TOASTS.sessionEnded.title, 'Safari on iPhone has been signed out.');
    await waitFor(() => expect(canvas.queryByText('Safari on iPhone')).not.toBeInTheDocument());
    await expect(sessionNames(canvas)).toEqual(['Chrome on Linux', 'Firefox on Windows']);
    await expect(recorded.map((call) => call.url.pathname)).toEqual([
      '/api/v1/auth/sessions/40000000-0000-4000-8000-000000000002',
    ]);
    // The pressed button has gone: the keyboard carries on from the list's heading.
    await expect(canvas.getByRole('heading', { name: ACCOUNT_TEXTS.sessionsHeading })).toHaveFocus();
    await pointerAway(userEvent);
  },
};

export const SignOutOneSessionFailed: Story = {
  beforeEach: ({ msw }) => msw.use(sessionsMocks.endSessionFailsWithoutMessage()),
  play: async ({ canvas, userEvent }) => {
    const phone = await sessionCard(canvas, 'Safari on iPhone');
    await userEvent.click(phone.getByRole('button', { name: ACCOUNT_TEXTS.signOut }));
    await toastWith(ACCOUNT_TOASTS.endSessionFailed.title, ACCOUNT_TOASTS.endSessionFailed.description);
    await expect(await phone.findByRole('button', { name: ACCOUNT_TEXTS.signOut })).toBeEnabled();
  },
};

/** The question of "Sign out other sessions" (toasts are alert dialogs too, so it is found by its name). */
const confirmation = () => screen.queryByRole('alertdialog', { name: ACCOUNT_TEXTS.signOutOthers });

const openSignOutOthers = async (canvas: Canvas, userEvent: UserEvent) => {
  await sessionCard(canvas, 'Safari on iPhone');
  await userEvent.click(signOutOthersButton(canvas));
  return within(await screen.findByRole('alertdialog', { name: ACCOUNT_TEXTS.signOutOthers }));
};

export const SignOutOthersConfirmation: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    const dialog = await openSignOutOthers(canvas, userEvent);
    await visible(() => dialog.getByText(ACCOUNT_TEXTS.signOutOthersConfirm(2)));
    await expect(dialog.getByRole('button', { name: LIST_TEXTS.cancel })).toHaveFocus();
    await pointerAway(userEvent);
  },
};

export const SignOutOthers: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(spyOn('delete', '/auth/sessions')),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openSignOutOthers(canvas, userEvent);
    await userEvent.click(dialog.getByRole('button', { name: ACCOUNT_TEXTS.signOutOthers }));
    await toastWith(ACCOUNT_TOASTS.otherSessionsEnded.title, ACCOUNT_TOASTS.otherSessionsEnded.description);
    await waitFor(() => expect(confirmation()).not.toBeInTheDocument());
    await visible(() => canvas.getByText(ACCOUNT_TEXTS.onlyThisDevice));
    await expect(sessionNames(canvas)).toEqual(['Chrome on Linux']);
    await expect(signOutOthersButton(canvas)).toBeDisabled();
    await expect(recorded.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'DELETE /api/v1/auth/sessions',
    ]);
    await pointerAway(userEvent);
  },
};

export const SignOutOthersCancelled: Story = {
  beforeEach: ({ msw }) => msw.use(spyOn('delete', '/auth/sessions')),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openSignOutOthers(canvas, userEvent);
    await userEvent.click(dialog.getByRole('button', { name: LIST_TEXTS.cancel }));
    await waitFor(() => expect(confirmation()).not.toBeInTheDocument());
    await expect(sessionNames(canvas)).toHaveLength(3);
    await expect(recorded).toEqual([]);
  },
};

export const ListError: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(sessionsMocks.listFails()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(MESSAGES.internal);
    await expect(canvas.queryByRole('list', { name: ACCOUNT_TEXTS.sessionsLabel })).not.toBeInTheDocument();
    await expect(signOutOthersButton(canvas)).toBeDisabled();
  },
};

export const ListErrorWithoutMessage: Story = {
  beforeEach: ({ msw }) => msw.use(sessionsMocks.listFailsWithoutMessage()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(ACCOUNT_ERRORS.fetchSessions);
  },
};

export const Phone: Story = {
  tags: ['visual'],
  // A real phone viewport (.storybook/viewports.ts), so the console's own media queries apply.
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await sessionCard(canvas, 'Firefox on Windows');
    await expectFitsThePhone();
  },
};
