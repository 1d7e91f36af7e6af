import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { TextField } from './TextField';

const meta = {
  title: 'UI/TextField',
  component: TextField,
  tags: ['autodocs', 'visual', 'dark'],
  args: { label: 'Email', name: 'email', type: 'email', onChange: fn() },
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await userEvent.type(input, 'a@b.c');
    await expect(input).toHaveValue('a@b.c');
    await expect(args.onChange).toHaveBeenLastCalledWith('a@b.c');
  },
};

export const Required: Story = {
  args: { isRequired: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toBeRequired();
  },
};

export const WithDescription: Story = {
  args: { label: 'New password', type: 'password', description: 'At least 8 characters.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('New password')).toHaveAccessibleDescription('At least 8 characters.');
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Email is required', defaultValue: '' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('Email is required');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'owner@example.test' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toBeDisabled();
  },
};
