import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { TextArea } from './TextArea';

const meta = {
  title: 'UI/TextArea',
  component: TextArea,
  tags: ['autodocs', 'visual', 'dark'],
  args: { label: 'Reason', name: 'reason', onChange: fn() },
} satisfies Meta<typeof TextArea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  parameters: { darkScreenshot: 'at-rest' },
  play: async ({ canvas, userEvent, args }) => {
    const textArea = canvas.getByRole('textbox', { name: 'Reason' });
    await userEvent.tab();
    await expect(textArea).toHaveFocus();
    await userEvent.keyboard('Line one{Enter}Line two');
    await expect(textArea).toHaveValue('Line one\nLine two');
    await expect(args.onChange).toHaveBeenLastCalledWith('Line one\nLine two');
  },
};

export const WithDescription: Story = {
  args: { label: 'Notes', description: 'Optional. Shown on the certificate history.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Notes' })).toHaveAccessibleDescription(
      'Optional. Shown on the certificate history.',
    );
  },
};

export const Invalid: Story = {
  args: { label: 'Description', isInvalid: true, errorMessage: 'Description is too long' },
  play: async ({ canvas }) => {
    const textArea = canvas.getByRole('textbox', { name: 'Description' });
    await expect(textArea).toBeInvalid();
    await expect(textArea).toHaveAccessibleDescription('Description is too long');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'Customer asked to revoke.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Reason' })).toBeDisabled();
  },
};
