import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen } from 'storybook/test';
import { onThePhone, toastWith, visible } from '../../../.storybook/story-helpers';
import { CERTIFICATES_TEXTS, DIALOG_LOAD_ERROR_TEXTS } from '../../contract';
import { Button, Modal } from '../../ui';
import { lazyDialog } from './lazy-dialog';

interface ExampleProps {
  onClose: () => void;
}

function ExampleDialog({ onClose }: ExampleProps) {
  return (
    <Modal title={CERTIFICATES_TEXTS.renew.title} isOpen onOpenChange={(open) => !open && onClose()}>
      <p>The dialog's code has loaded.</p>
    </Modal>
  );
}

/**
 * A button opening a dialog whose code does not load the first time (a dropped connection) and loads the second:
 * its own `lazyDialog`, so every story starts with nothing loaded.
 */
function DialogWhoseCodeFailsOnce() {
  const [Dialog] = useState(() => {
    let attempts = 0;
    return lazyDialog<ExampleProps>(
      async () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return ExampleDialog;
      },
      (props) => props.onClose(),
    );
  });
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>{CERTIFICATES_TEXTS.actions.renew}</Button>
      {isOpen && <Dialog onClose={() => setOpen(false)} />}
    </>
  );
}

const meta = {
  title: 'App/Dialog code did not load',
  component: DialogWhoseCodeFailsOnce,
} satisfies Meta<typeof DialogWhoseCodeFailsOnce>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The first opening fails: a toast, no dialog, the page as it was; the next opening loads the code and opens. */
export const FailsThenOpensAtTheNextTry: Story = {
  play: async ({ canvas, userEvent }) => {
    const open = canvas.getByRole('button', { name: CERTIFICATES_TEXTS.actions.renew });
    await userEvent.click(open);
    await toastWith(DIALOG_LOAD_ERROR_TEXTS.title, DIALOG_LOAD_ERROR_TEXTS.description);
    await expect(
      screen.queryByRole('dialog', { name: CERTIFICATES_TEXTS.renew.title }),
    ).not.toBeInTheDocument();
    await visible(() => canvas.getByRole('button', { name: CERTIFICATES_TEXTS.actions.renew }));

    await userEvent.click(open);
    await visible(() => screen.getByRole('dialog', { name: CERTIFICATES_TEXTS.renew.title }));
  },
};

export const FailsThenOpensOnAPhone: Story = onThePhone({ play: FailsThenOpensAtTheNextTry.play });
