import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, spyOn, waitFor, within } from 'storybook/test';
import {
  API_TOKEN_MESSAGES,
  API_TOKENS_TEXTS as TEXTS,
  API_TOKENS_TOASTS as TOASTS,
} from '../../../contract';
import {
  createRequestSpy,
  pointerAway,
  rowOf,
  toastWith,
  type Canvas,
  type UserEvent,
  visible,
} from '#storybook/story-helpers.tsx';
import { apiTokenHandlers, apiTokensMocks, mockTokenSecret } from '#mocks/handlers/api-tokens.ts';
import { ApiTokensPage } from '../ApiTokensPage';

const { recorded, spyOn: spyOnRequests } = createRequestSpy();

const meta = {
  title: 'API tokens/Create API token',
  component: ApiTokensPage,
  parameters: { session: { signedInAs: 'owner' }, route: '/api-tokens' },
  beforeEach: ({ msw }) => {
    recorded.length = 0;
    msw.use(...apiTokenHandlers());
  },
} satisfies Meta<typeof ApiTokensPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The secret the mock server gives the first token a story creates. */
const SECRET = mockTokenSecret(1);

const openCreate = async (canvas: Canvas, userEvent: UserEvent) => {
  await userEvent.click(await canvas.findByRole('button', { name: TEXTS.create }));
  return within(await screen.findByRole('dialog', { name: TEXTS.createTitle }));
};

/** Opens the dialog and creates 'Deploy bot' with the editor role; returns the dialog showing the secret. */
const createDeployBot = async (canvas: Canvas, userEvent: UserEvent) => {
  const dialog = await openCreate(canvas, userEvent);
  await userEvent.type(dialog.getByRole('textbox', { name: TEXTS.nameLabel }), 'Deploy bot');
  await userEvent.click(dialog.getByRole('button', { name: /Role/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'EDITOR' }));
  await userEvent.click(dialog.getByRole('button', { name: TEXTS.createSubmit }));
  return within(await screen.findByRole('dialog', { name: TEXTS.createdTitle }));
};

const typeExpiry = async (dialog: Canvas, userEvent: UserEvent, digits: string) => {
  const expiry = within(dialog.getByRole('group', { name: TEXTS.expiresLabel }));
  await userEvent.click(expiry.getByRole('spinbutton', { name: /month/i }));
  await userEvent.keyboard(digits);
};

export const CreateForm: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    const dialog = await openCreate(canvas, userEvent);
    const name = dialog.getByRole('textbox', { name: TEXTS.nameLabel });
    await expect(name).toHaveFocus();
    await expect(name).toBeRequired();
    // The least rights unless the user raises them; no expiry unless one is chosen.
    await expect(dialog.getByRole('button', { name: /Role/ })).toHaveTextContent('VIEWER');
    await visible(() => dialog.getByText(TEXTS.expiresDescription));
  },
};

export const RoleChoicesOfAnAdmin: Story = {
  parameters: { session: { signedInAs: 'admin' } },
  play: async ({ canvas, userEvent }) => {
    const dialog = await openCreate(canvas, userEvent);
    await userEvent.click(dialog.getByRole('button', { name: /Role/ }));
    const listbox = within(await screen.findByRole('listbox'));
    // Up to the admin's own role; a token is never an owner.
    await expect(listbox.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'ADMIN',
      'EDITOR',
      'VIEWER',
    ]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  },
};

export const CreateValidationErrors: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    const dialog = await openCreate(canvas, userEvent);
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.createSubmit }));
    const name = dialog.getByRole('textbox', { name: TEXTS.nameLabel });
    await expect(name).toHaveAccessibleDescription(new RegExp(API_TOKEN_MESSAGES.nameRequired));
    await expect(recorded).toEqual([]);
    await pointerAway(userEvent);
  },
};

export const SecretShownOnceAndCopied: Story = {
  tags: ['visual', 'dark'],
  beforeEach: ({ msw }) => msw.use(spyOnRequests('post', '/api-tokens')),
  play: async ({ canvas, userEvent }) => {
    // Spied here, not earlier: the play function's userEvent brings its own clipboard.
    const writeText = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const dialog = await createDeployBot(canvas, userEvent);
    await expect(recorded[0]?.body).toEqual({ name: 'Deploy bot', role: 'editor' });
    await visible(() => dialog.getByText(TEXTS.secretNotice));
    const secret = dialog.getByRole('textbox', { name: TEXTS.secretLabel });
    await expect(secret).toHaveValue(SECRET);
    await expect(secret).toHaveAttribute('readonly');
    const copy = dialog.getByRole('button', { name: TEXTS.copy });
    // Focus starts on Copy, which says why it matters.
    await expect(copy).toHaveFocus();
    await expect(copy).toHaveAccessibleDescription(TEXTS.secretNotice);
    await userEvent.click(copy);
    await expect(writeText).toHaveBeenCalledWith(SECRET);
    await visible(() => dialog.getByRole('button', { name: TEXTS.copied }));
    await expect(dialog.getByRole('status')).toHaveTextContent(TEXTS.copiedStatus);
    // Escape does not throw the secret away: only Done closes the dialog.
    await userEvent.keyboard('{Escape}');
    await visible(() => screen.getByRole('dialog', { name: TEXTS.createdTitle }));
    await pointerAway(userEvent);
  },
};

export const DoneListsTheNewToken: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await createDeployBot(canvas, userEvent);
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = await rowOf(canvas, 'Deploy bot');
    await visible(() => row.getByText('EDITOR'));
    await visible(() => row.getByText(TEXTS.prefixShown(SECRET.slice(0, 9))));
    await visible(() => row.getByText('Olivia Owner'));
    await expect(canvas.queryByText(SECRET)).not.toBeInTheDocument();
    // The next opening starts with an empty form, not the last secret.
    const again = await openCreate(canvas, userEvent);
    await expect(again.getByRole('textbox', { name: TEXTS.nameLabel })).toHaveValue('');
  },
};

export const CopyRefusedSelectsTheToken: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    const dialog = await createDeployBot(canvas, userEvent);
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.copy }));
    await expect(await dialog.findByRole('status')).toHaveTextContent(TEXTS.copyFailed);
    const secret = dialog.getByRole<HTMLInputElement>('textbox', { name: TEXTS.secretLabel });
    await expect(secret).toHaveFocus();
    await expect([secret.selectionStart, secret.selectionEnd]).toEqual([0, SECRET.length]);
    await visible(() => dialog.getByRole('button', { name: TEXTS.copy }));
    await pointerAway(userEvent);
  },
};

export const CreateWithExpiry: Story = {
  beforeEach: ({ msw }) => msw.use(spyOnRequests('post', '/api-tokens')),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openCreate(canvas, userEvent);
    await userEvent.type(dialog.getByRole('textbox', { name: TEXTS.nameLabel }), 'Quarter close');
    await typeExpiry(dialog, userEvent, '03312025');
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.createSubmit }));
    await screen.findByRole('dialog', { name: TEXTS.createdTitle });
    // The token works until the chosen UTC day ends.
    await expect(recorded[0]?.body).toEqual({
      name: 'Quarter close',
      role: 'viewer',
      expiresAt: Date.UTC(2025, 2, 31, 23, 59, 59, 999),
    });
    await expect((await rowOf(canvas, 'Quarter close')).getByText('Mar 31, 2025')).toBeInTheDocument();
  },
};

export const CreateRefused: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(apiTokensMocks.createRefused()),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openCreate(canvas, userEvent);
    await userEvent.type(dialog.getByRole('textbox', { name: TEXTS.nameLabel }), 'CRM sync 2');
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.createSubmit }));
    // The server's 403, in the toast and in the still-open form.
    await toastWith(TOASTS.createFailed.title, API_TOKEN_MESSAGES.roleAboveCreator);
    await expect(dialog.getByRole('alert')).toHaveTextContent(API_TOKEN_MESSAGES.roleAboveCreator);
    await expect(dialog.getByRole('textbox', { name: TEXTS.nameLabel })).toHaveValue('CRM sync 2');
    await pointerAway(userEvent);
  },
};

export const ServerFieldErrorOnTheForm: Story = {
  // The server's clock has passed the chosen day already: its field error stands on the date field.
  beforeEach: ({ msw }) =>
    msw.use(apiTokensMocks.createFailsOnField('expiresAt', API_TOKEN_MESSAGES.expiresInPast)),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openCreate(canvas, userEvent);
    await userEvent.type(dialog.getByRole('textbox', { name: TEXTS.nameLabel }), 'Today only');
    await typeExpiry(dialog, userEvent, '01152025');
    await userEvent.click(dialog.getByRole('button', { name: TEXTS.createSubmit }));
    await toastWith(TOASTS.createFailed.title, API_TOKEN_MESSAGES.expiresInPast);
    await visible(() => dialog.getByText(API_TOKEN_MESSAGES.expiresInPast));
    // On the field, not repeated in a banner.
    await expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  },
};
