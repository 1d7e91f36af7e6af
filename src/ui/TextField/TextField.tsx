import {
  Input,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { Field, fieldStyles, type FieldTexts } from '../Field';

export interface TextFieldProps
  extends Omit<AriaTextFieldProps, 'className' | 'style' | 'children'>, FieldTexts {
  placeholder?: string;
}

/** A labelled text input whose error and description are tied to it for screen readers. */
export function TextField({ label, description, errorMessage, placeholder, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className={fieldStyles.field}>
      <Field label={label} description={description} errorMessage={errorMessage}>
        <Input className={fieldStyles.input} placeholder={placeholder} />
      </Field>
    </AriaTextField>
  );
}
