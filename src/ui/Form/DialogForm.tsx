import type { FormEvent, ReactNode } from 'react';
import { ErrorBanner } from '../ErrorBanner';
import { Form } from './Form';
import { FormButtons, type FormButtonsProps } from './FormButtons';

export interface DialogFormProps extends Omit<FormButtonsProps, 'isPending' | 'onSubmit'> {
  /** The form's accessible name: its dialog's title. */
  'aria-label': string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Errors keyed by field name, shown on their fields. */
  validationErrors: Record<string, string>;
  /** Why the last submit failed beyond its fields, in a banner above them; null for none. */
  error: string | null;
  isSubmitting: boolean;
  /** The fields. */
  children: ReactNode;
}

/** A form inside a dialog: the failure banner, the fields, then Cancel and the submit button. */
export function DialogForm({
  onSubmit,
  validationErrors,
  error,
  isSubmitting,
  children,
  ...props
}: DialogFormProps) {
  const { 'aria-label': label, ...buttons } = props;
  return (
    <Form onSubmit={onSubmit} validationErrors={validationErrors} aria-label={label}>
      {error && <ErrorBanner message={error} />}
      {children}
      <FormButtons {...buttons} isPending={isSubmitting} />
    </Form>
  );
}
