import type { ReactNode } from 'react';
import { Form as AriaForm, type FormProps as AriaFormProps } from 'react-aria-components';
import * as styles from './Form.css';

export interface FormProps extends Omit<AriaFormProps, 'className' | 'style'> {
  children: ReactNode;
}

/**
 * A form whose fields show the errors passed in `validationErrors` (keyed by field name); the
 * owner removes a field's error when the user edits it. Validation is 'aria' by default so the
 * texts are ours (docs/requirements.md#validation), not the browser's, and the submit handler decides what is valid.
 */
export function Form({ validationBehavior = 'aria', ...props }: FormProps) {
  return <AriaForm {...props} validationBehavior={validationBehavior} className={styles.form} />;
}

/** The row of buttons at the end of a form or dialog. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
