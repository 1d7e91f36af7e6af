import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { MESSAGES } from '../../../contract';
import { BACKUP_MESSAGES } from '../../../contract/backups';
import { BACKUP_TEXTS as TEXTS } from '../../../contract/texts/backups';
import { catchDownloads, onThePhone, toastWith, visible } from '../../../../.storybook/story-helpers';
import { MOCK_PASSWORD } from '../../../../mocks/fixtures';
import {
  backupHandlers,
  backupsFail,
  createBackupStore,
  mockBackup,
} from '../../../../mocks/handlers/backups';
import { BackupsPanel } from './BackupsPanel';

/**
 * Backups on the owners' Settings page: on, encrypted, daily at 02:00 with seven kept, three days of backups, unless
 * a story says otherwise. Only owners see the panel.
 */
const meta = {
  title: 'Settings/Backups',
  component: BackupsPanel,
  parameters: { session: { signedInAs: 'owner' } },
  beforeEach: ({ msw }) => {
    msw.use(...backupHandlers(createBackupStore()));
  },
} satisfies Meta<typeof BackupsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

const table = () => within(screen.getByRole('table', { name: TEXTS.heading }));

export const Kept: Story = {
  tags: ['visual'],
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(TEXTS.schedule('02:00', 7), { exact: false }));
    await expect(canvas.getByText(TEXTS.encrypted, { exact: false })).toBeInTheDocument();
    await waitFor(() => expect(table().getAllByRole('row')).toHaveLength(4));
    await expect(table().getAllByText(TEXTS.kinds.scheduled)).toHaveLength(3);
    await expect(table().getAllByRole('button', { name: /^Download / })).toHaveLength(3);
  },
};

export const KeptOnThePhone: Story = onThePhone({ ...Kept, tags: ['visual'] });

/** "Back Up Now": the new backup heads the list, by its owner, and the toast names its file. */
export const BackUpNow: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: TEXTS.backUpNow }));
    const made = mockBackup(4, 0);
    await toastWith(TEXTS.toasts.made.title, TEXTS.toasts.made.description(made.fileName));
    await waitFor(() => expect(table().getAllByRole('row')).toHaveLength(5));
    await expect(table().getByText(`${TEXTS.kinds.manual} ${TEXTS.by('Olivia Owner')}`)).toBeInTheDocument();
  },
};

/** A download asks for the password again: a wrong one is refused in the dialog, the right one saves the file. */
export const Download: Story = {
  play: async ({ userEvent }) => {
    const downloads = catchDownloads();
    try {
      const [first] = await waitFor(() => table().getAllByRole('button', { name: /^Download / }));
      await userEvent.click(first!);
      const dialog = within(await screen.findByRole('dialog', { name: TEXTS.dialog.title }));
      await userEvent.type(dialog.getByLabelText(TEXTS.dialog.password, { exact: false }), 'wrong-password');
      await userEvent.click(dialog.getByRole('button', { name: TEXTS.dialog.submit }));
      await visible(() => dialog.getByText(MESSAGES.wrongCurrentPassword));
      await expect(downloads.saved).toHaveLength(0);
      const password = dialog.getByLabelText(TEXTS.dialog.password, { exact: false });
      await userEvent.clear(password);
      await userEvent.type(password, MOCK_PASSWORD);
      await userEvent.click(dialog.getByRole('button', { name: TEXTS.dialog.submit }));
      const backup = mockBackup(3, 10);
      await toastWith(TEXTS.toasts.downloaded.title, backup.fileName);
      await expect(downloads.saved.map((file) => file.fileName)).toEqual([backup.fileName]);
    } finally {
      downloads.restore();
    }
  },
};

/** Without BACKUP_KEY the files hold the keys in the clear: listed, not downloadable here. */
export const NotEncrypted: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => {
    msw.use(
      ...backupHandlers(
        createBackupStore({
          encrypted: false,
          backups: [mockBackup(2, 10, { encrypted: false }), mockBackup(1, 34, { encrypted: false })],
        }),
      ),
    );
  },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(TEXTS.notEncrypted, { exact: false }));
    await waitFor(() => expect(table().getAllByRole('row')).toHaveLength(3));
    await expect(canvas.queryByRole('button', { name: /^Download / })).toBeNull();
  },
};

/** A failed backup says why; one still running has nothing to download yet. */
export const FailedAndRunning: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => {
    msw.use(
      ...backupHandlers(
        createBackupStore({
          backups: [
            mockBackup(3, 0, { status: 'running', sizeBytes: null, rows: null, finishedAt: null }),
            mockBackup(2, 24, { status: 'failed', error: 'No space left in BACKUP_DIR', sizeBytes: null }),
            mockBackup(1, 48),
          ],
        }),
      ),
    );
  },
  play: async ({ canvas, userEvent }) => {
    await visible(() => canvas.getByText('No space left in BACKUP_DIR'));
    await expect(table().getByText(TEXTS.statuses.running)).toBeInTheDocument();
    await expect(table().getAllByRole('button', { name: /^Download / })).toHaveLength(1);
    // One is being made: the server refuses a second, said in the toast.
    await userEvent.click(canvas.getByRole('button', { name: TEXTS.backUpNow }));
    await toastWith(TEXTS.toasts.failed.title, BACKUP_MESSAGES.running);
  },
};

/** BACKUP_DIR is not set: the panel says how to turn backups on, and offers nothing to press. */
export const Off: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => {
    msw.use(...backupHandlers(createBackupStore({ enabled: false, encrypted: false, backups: [] })));
  },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(TEXTS.off));
    await expect(canvas.queryByRole('button', { name: TEXTS.backUpNow })).toBeNull();
  },
};

export const LoadFailed: Story = {
  beforeEach: ({ msw }) => msw.use(backupsFail()),
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(MESSAGES.internal));
  },
};

/** Anyone but an owner: no panel at all (the server refuses them the calls). */
export const AsAnAdmin: Story = {
  parameters: { session: { signedInAs: 'admin' } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('section')).toBeNull();
  },
};
