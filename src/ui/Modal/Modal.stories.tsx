import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { DialogTrigger } from 'react-aria-components';
import { Button } from '../Button';
import { FormActions } from '../Form';
import { visible } from '../../../.storybook/story-helpers';
import { Modal } from './Modal';

function ModalExample({ defaultOpen = false }: { defaultOpen?: boolean }) {
  return (
    <DialogTrigger defaultOpen={defaultOpen}>
      <Button variant="secondary">Open dialog</Button>
      <Modal title="Delete User" role="alertdialog">
        {(close) => (
          <>
            <p>Are you sure you want to delete this user? This action cannot be undone.</p>
            <FormActions>
              <Button variant="secondary" onPress={close}>
                Cancel
              </Button>
              <Button variant="destructive" onPress={close}>
                Delete
              </Button>
            </FormActions>
          </>
        )}
      </Modal>
    </DialogTrigger>
  );
}

const meta = {
  title: 'UI/Modal',
  component: ModalExample,
  tags: ['autodocs'],
} satisfies Meta<typeof ModalExample>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  tags: ['visual', 'dark'],
  args: { defaultOpen: true },
  play: async () => {
    await visible(() => screen.getByRole('alertdialog', { name: 'Delete User' }));
  },
};

export const KeyboardOpenEscapeRestoresFocus: Story = {
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Open dialog' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete User' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    // Tab cycles inside the dialog: focus never leaves it.
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // react-aria gives the focus back in the frame after the dialog leaves the page, not with it.
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const CancelCloses: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open dialog' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};
