import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  ACCESS_DENIED_TEXTS,
  API_TOKENS_TEXTS as TEXTS,
  API_TOKENS_TOASTS as TOASTS,
  MESSAGES,
} from '../../contract';
import { ConsoleAt } from '../../../.storybook/ConsoleAt';
import {
  buttonsOf,
  expectAccessDeniedToAnEditor,
  expectCancelKeepsRow,
  onThePhone,
  pageLoading,
  pointerAway,
  rowOf,
  toastWith,
  type Canvas,
  visible,
} from '../../../.storybook/story-helpers';
import { apiTokenHandlers, apiTokensMocks } from '../../../mocks/handlers/api-tokens';
import { ApiTokensPage } from './ApiTokensPage';

const meta = {
  title: 'API tokens/API tokens page',
  component: ApiTokensPage,
  parameters: { session: { signedInAs: 'owner' }, route: '/api-tokens' },
  // A fresh list per story, so what one story creates or revokes never shows in another.
  beforeEach: ({ msw }) => msw.use(...apiTokenHandlers()),
} satisfies Meta<typeof ApiTokensPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const table = async (canvas: Canvas) => within(await canvas.findByRole('grid', { name: TEXTS.tableLabel }));
/** The texts of a row's cells, the Revoke button's cell included. */
const cellsOf = (row: Canvas) =>
  [...row.getAllByRole('rowheader'), ...row.getAllByRole('gridcell')].map((cell) => cell.textContent);

export const Populated: Story = {
  tags: ['visual', 'dark'],
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: TEXTS.title }));
    await visible(() => canvas.getByText(TEXTS.description));
    await visible(() => canvas.getByRole('button', { name: TEXTS.create }));
    const grid = await table(canvas);
    await expect(grid.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Role',
      'Token',
      'Created by',
      'Created',
      'Last used',
      'Expires',
      'Actions',
    ]);
    // Newest first; never a secret, only its first characters.
    await expect(cellsOf(await rowOf(canvas, 'CRM sync'))).toEqual([
      'CRM sync',
      'EDITOR',
      'lc_Q7vX2k…',
      'Olivia Owner',
      'Jan 12, 2025',
      'Jan 15, 2025, 10:00 AM UTC',
      TEXTS.never,
      TEXTS.revoke,
    ]);
    await expect(cellsOf(await rowOf(canvas, 'Billing renewals'))).toEqual([
      'Billing renewals',
      'ADMIN',
      'lc_m4RtZ9…',
      'Adam Admin',
      'Dec 26, 2024',
      TEXTS.never,
      'Apr 15, 2025',
      TEXTS.revoke,
    ]);
    // An expired token stays listed (it can still be revoked) and says so.
    const expired = await rowOf(canvas, 'Nightly export');
    await visible(() => expired.getByText(TEXTS.expiredOn('Jan 10, 2025')));
    await expect(buttonsOf(expired)).toEqual([TEXTS.revoke]);
  },
};

export const Loading: Story = { ...pageLoading('/api-tokens', TEXTS.loading), tags: ['visual'] };

export const Empty: Story = {
  tags: ['visual', 'dark'],
  beforeEach: ({ msw }) => msw.use(...apiTokensMocks.empty()),
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(TEXTS.empty));
    await visible(() => canvas.getByText(TEXTS.emptyDescription));
    await expect(canvas.queryByRole('grid')).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: TEXTS.create })).toBeEnabled();
  },
};

export const ListLoadError: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(apiTokensMocks.listFails()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(MESSAGES.internal);
    await expect(canvas.queryByRole('grid')).not.toBeInTheDocument();
    await expect(canvas.queryByText(TEXTS.empty)).not.toBeInTheDocument();
  },
};

/** Editors and viewers never see the page: the route shows Access Denied in its place. */
export const AccessDeniedForAnEditor: Story = {
  tags: ['visual'],
  parameters: { layout: 'fullscreen', router: 'none', session: { signedInAs: 'editor' } },
  render: () => <ConsoleAt path="/api-tokens" history={['/']} />,
  play: async ({ canvas }) => {
    await expectAccessDeniedToAnEditor(canvas, TEXTS.title);
    await visible(() => canvas.getByText(ACCESS_DENIED_TEXTS.message));
  },
};

const openRevoke = async ({ canvas, userEvent }: Parameters<NonNullable<Story['play']>>[0], name: string) => {
  await userEvent.click((await rowOf(canvas, name)).getByRole('button', { name: TEXTS.revoke }));
  return within(await screen.findByRole('alertdialog', { name: TEXTS.revokeTitle }));
};

export const RevokeConfirmation: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await openRevoke(context, 'CRM sync');
    await visible(() =>
      dialog.getByText("Revoke API token 'CRM sync'? Programs using it will stop working at once."),
    );
    // Enter right after opening revokes nothing.
    await expect(dialog.getByRole('button', { name: TEXTS.cancel })).toHaveFocus();
    await pointerAway(context.userEvent);
  },
};

export const RevokeCancelled: Story = {
  play: async (context) => {
    const dialog = await openRevoke(context, 'CRM sync');
    await expectCancelKeepsRow(context, dialog, TEXTS.cancel, 'CRM sync');
  },
};

export const RevokeToken: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await openRevoke(context, 'Billing renewals');
    await context.userEvent.click(dialog.getByRole('button', { name: TEXTS.revokeSubmit }));
    await toastWith(TOASTS.revoked.title, "'Billing renewals' has been revoked.");
    // The list was reloaded: the token is gone, the others stay.
    await waitFor(() =>
      expect(context.canvas.queryByRole('row', { name: /Billing renewals/ })).not.toBeInTheDocument(),
    );
    await expect(
      (await table(context.canvas)).getAllByRole('rowheader').map((cell) => cell.textContent),
    ).toEqual(['CRM sync', 'Nightly export']);
    await pointerAway(context.userEvent);
  },
};

export const RevokeFailed: Story = {
  beforeEach: ({ msw }) => msw.use(apiTokensMocks.revokeFails()),
  play: async (context) => {
    const dialog = await openRevoke(context, 'CRM sync');
    await context.userEvent.click(dialog.getByRole('button', { name: TEXTS.revokeSubmit }));
    await toastWith(TOASTS.revokeFailed.title, MESSAGES.internal);
    await expect(await rowOf(context.canvas, 'CRM sync')).toBeTruthy();
  },
};

/** The same at a phone's width. */
export const Phone: Story = { ...onThePhone(Populated), tags: ['visual'] };
