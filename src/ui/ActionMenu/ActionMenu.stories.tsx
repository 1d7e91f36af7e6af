import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { visible } from '../../../.storybook/story-helpers';
import { ActionMenu } from './ActionMenu';

const onPrepareEdit = fn();

// A row's collapsed actions (src/ui/DataTable/RowActions.tsx); the rows that use it are in the certificates' stories.
const meta = {
  title: 'UI/ActionMenu',
  component: ActionMenu,
  tags: ['autodocs'],
  args: {
    label: 'Actions',
    'aria-label': 'Actions for SN-1002',
    onAction: fn(),
    items: [
      { action: 'edit', label: 'Edit', onPrepare: onPrepareEdit },
      { action: 'delete', label: 'Delete', isDisabled: true },
    ],
  },
  beforeEach: () => onPrepareEdit.mockClear(),
} satisfies Meta<typeof ActionMenu<string>>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Opening the menu prepares its items (an item's dialog starts loading its code), not drawing it; a disabled item
 * cannot be taken, and choosing one calls `onAction` with it.
 */
export const OpenAndChoose: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Actions for SN-1002' });
    await expect(onPrepareEdit).not.toHaveBeenCalled();
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    await expect(onPrepareEdit).toHaveBeenCalledTimes(1);
    await expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    await expect(args.onAction).toHaveBeenCalledWith('edit');
    await expect(menu).not.toBeInTheDocument();
    await visible(() => trigger);
  },
};
