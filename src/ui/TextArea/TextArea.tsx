import {
  FieldError,
  Label,
  Text,
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import * as fieldStyles from '../TextField/TextField.css';

export interface TextAreaProps extends Omit<AriaTextFieldProps, 'className' | 'style' | 'children' | 'type'> {
  label: string;
  description?: string;
  errorMessage?: string;
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
      <Label className={fieldStyles.label}>{label}</Label>
      <AriaTextArea className={fieldStyles.textArea} placeholder={placeholder} rows={rows} />
      {description && (
        <Text slot="description" className={fieldStyles.description}>
          {description}
        </Text>
      )}
      <FieldError className={fieldStyles.error}>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
