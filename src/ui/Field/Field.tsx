import type { ReactNode } from 'react';
import { FieldError, Label, Text } from 'react-aria-components';
import * as styles from './Field.css';

/** The texts around a kit input: its label, an optional hint, and the error shown when it is invalid. */
export interface FieldTexts {
  label: string;
  description?: string;
  /** Shown when the field is invalid; otherwise the error comes from the Form's `validationErrors`. */
  errorMessage?: string;
}

export interface FieldProps extends FieldTexts {
  /** Hides the label visually (it stays the accessible name), e.g. for a filter beside a search box. */
  isLabelHidden?: boolean;
  /** The control itself (an input, a button, a group), placed between the label and the texts. */
  children: ReactNode;
}

/**
 * The label / control / description / error block of every labelled kit input. It goes inside a
 * react-aria field (TextField, Select, ComboBox, ...), whose slots tie the label to the control and
 * the description and error to its `aria-describedby`; anything after it (a popover) follows the error.
 */
export function Field({ label, description, errorMessage, isLabelHidden = false, children }: FieldProps) {
  return (
    <>
      <Label className={isLabelHidden ? styles.hiddenLabel : styles.label}>{label}</Label>
      {children}
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </>
  );
}
