import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PlainButton } from './PlainButton';

// The browser's own button in Button's clothes, for rows drawn a hundred at a time: it must look and answer alike.
const meta = {
  title: 'UI/PlainButton',
  component: PlainButton,
  tags: ['autodocs', 'visual', 'dark'],
  args: { children: 'Renew', size: 'sm', onPress: fn() },
} satisfies Meta<typeof PlainButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};

/**
 * Pressed by the test's pointer, which focuses the button from a script: the browser's :focus-visible would draw the
 * ring that a person's click does not, so this state has no baseline.
 */
export const Press: Story = {
  tags: ['!visual'],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Renew' }));
    await expect(args.onPress).toHaveBeenCalledTimes(1);
  },
};

export const Secondary: Story = { args: { variant: 'secondary' } };

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Renew' });
    await expect(button).toBeDisabled();
    button.click();
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const Pending: Story = {
  args: { isPending: true, 'aria-label': 'Renew SN-1' },
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: 'Renew SN-1' });
    // Like Button's: it keeps its focus and says it is unavailable, and a press does nothing.
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const KeyboardPress: Story = {
  tags: ['!visual'],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Renew' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onPress).toHaveBeenCalledTimes(2);
  },
};
