import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Button } from '../Button';
import { ConfirmDialog } from './ConfirmDialog';
import { visible } from '../../../.storybook/story-helpers';

const onConfirm = fn();

/** A Delete button that asks first, the way the users and clients lists do (docs/requirements.md#screens). */
function DeleteWithConfirmation({
  defaultOpen = false,
  confirmTakesMs = 0,
}: {
  defaultOpen?: boolean;
  confirmTakesMs?: number;
}) {
  const [isOpen, setOpen] = useState(defaultOpen);
  return (
    <>
      <Button variant="destructive" onPress={() => setOpen(true)}>
        Delete
      </Button>
      <ConfirmDialog
        title="Delete User"
        message="Are you sure you want to delete this user? This action cannot be undone."
        pendingLabel="Deleting..."
        isOpen={isOpen}
        onOpenChange={setOpen}
        onConfirm={async () => {
          onConfirm();
          if (confirmTakesMs > 0) await new Promise((resolve) => setTimeout(resolve, confirmTakesMs));
        }}
      />
    </>
  );
}

const meta = {
  title: 'UI/ConfirmDialog',
  component: DeleteWithConfirmation,
  tags: ['autodocs'],
  beforeEach: () => {
    onConfirm.mockClear();
  },
} satisfies Meta<typeof DeleteWithConfirmation>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  tags: ['visual', 'dark'],
  args: { defaultOpen: true },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete User' });
    await expect(dialog).toHaveTextContent(
      'Are you sure you want to delete this user? This action cannot be undone.',
    );
    // Focus starts on Cancel so a stray Enter never deletes.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
  },
};

/** Keyboard: open, Tab to Delete, Enter confirms; the dialog closes and focus returns to the trigger. */
export const ConfirmByKeyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Delete' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete User' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.tab();
    await expect(screen.getAllByRole('button', { name: 'Delete' }).at(-1)).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** Enter on the initially focused Cancel, and Escape, both close without confirming. */
export const CancelAndEscape: Story = {
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Delete' });
    await userEvent.click(trigger);
    await screen.findByRole('alertdialog', { name: 'Delete User' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('alertdialog', { name: 'Delete User' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(onConfirm).not.toHaveBeenCalled();
  },
};

/** While the delete runs the button says 'Deleting...' and Escape does not close the dialog. */
export const Pending: Story = {
  tags: ['dark'],
  args: { confirmTakesMs: 1500 },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete User' });
    await userEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement);
    await visible(() => screen.getByRole('button', { name: 'Deleting...' }));
    await userEvent.keyboard('{Escape}');
    await expect(dialog).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), { timeout: 3000 });
  },
};
