import {
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { Field, fieldStyles, type FieldTexts } from '../Field';

export interface TextAreaProps
  extends Omit<AriaTextFieldProps, 'className' | 'style' | 'children' | 'type'>, FieldTexts {
  placeholder?: string;
  rows?: number;
}

/** A labelled multi-line input (notes, revocation reason) with its description and error tied to it. */
export function TextArea({
  label,
  description,
  errorMessage,
  placeholder,
  rows = 4,
  ...props
}: TextAreaProps) {
  return (
    <AriaTextField {...props} className={fieldStyles.field}>
      <Field label={label} description={description} errorMessage={errorMessage}>
        <AriaTextArea className={fieldStyles.textArea} placeholder={placeholder} rows={rows} />
      </Field>
    </AriaTextField>
  );
}
