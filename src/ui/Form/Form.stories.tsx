import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type FormEvent } from 'react';
import { expect, fn } from 'storybook/test';
import { Button } from '../Button';
import { TextField } from '../TextField';
import { Form, FormActions } from './Form';

interface ExampleFormProps {
  onValidSubmit: (values: { name: string }) => void;
}

/** A one-field form that reports 'Name is required' the way feature forms report docs/requirements.md#validation errors, and clears it on edit. */
function ExampleForm({ onValidSubmit }: ExampleFormProps) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    if (name === '') {
      setErrors({ name: 'Name is required' });
      return;
    }
    setErrors({});
    onValidSubmit({ name });
  };
  return (
    <Form onSubmit={handleSubmit} validationErrors={errors} aria-label="Example">
      <TextField label="Name" name="name" isRequired onChange={() => setErrors({})} />
      <FormActions>
        <Button type="submit">Save</Button>
      </FormActions>
    </Form>
  );
}

const meta = {
  title: 'UI/Form',
  component: ExampleForm,
  tags: ['autodocs', 'visual', 'dark'],
  args: { onValidSubmit: fn() },
} satisfies Meta<typeof ExampleForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const FieldErrorShownAndClearedOnEdit: Story = {
  tags: ['!visual'],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    const input = canvas.getByRole('textbox', { name: 'Name' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('Name is required');
    await expect(args.onValidSubmit).not.toHaveBeenCalled();
    await userEvent.type(input, 'Acme');
    await expect(input).toBeValid();
    await userEvent.keyboard('{Enter}');
    await expect(args.onValidSubmit).toHaveBeenCalledWith({ name: 'Acme' });
  },
};
