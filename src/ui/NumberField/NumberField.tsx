import {
  Button as AriaButton,
  FieldError,
  Group,
  Input,
  Label,
  NumberField as AriaNumberField,
  Text,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components';
import { Icon } from '../Icon';
import * as fieldStyles from '../TextField/TextField.css';
import * as styles from './NumberField.css';

export interface NumberFieldProps extends Omit<AriaNumberFieldProps, 'className' | 'style' | 'children'> {
  label: string;
  description?: string;
  errorMessage?: string;
}

/**
 * A labelled number input (studio and user counts): arrow keys and the −/+ buttons step it,
 * `minValue`/`maxValue` bound it. An empty field gives `NaN` to `onChange`, as react-aria does.
 */
export function NumberField({ label, description, errorMessage, ...props }: NumberFieldProps) {
  return (
    <AriaNumberField {...props} className={fieldStyles.field}>
      <Label className={fieldStyles.label}>{label}</Label>
      <Group className={styles.group}>
        <AriaButton slot="decrement" className={styles.stepper}>
          <Icon name="minus" />
        </AriaButton>
        <Input className={`${fieldStyles.input} ${styles.input}`} />
        <AriaButton slot="increment" className={styles.stepper}>
          <Icon name="plus" />
        </AriaButton>
      </Group>
      {description && (
        <Text slot="description" className={fieldStyles.description}>
          {description}
        </Text>
      )}
      <FieldError className={fieldStyles.error}>{errorMessage}</FieldError>
    </AriaNumberField>
  );
}
