import {
  Button as AriaButton,
  Group,
  Input,
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components';
import { Icon } from '../Icon';
import { Field, fieldStyles, type FieldTexts } from '../Field';
import * as styles from './NumberField.css';

export interface NumberFieldProps
  extends Omit<AriaNumberFieldProps, 'className' | 'style' | 'children'>, FieldTexts {}

/**
 * A labelled number input (studio and user counts): arrow keys and the −/+ buttons step it,
 * `minValue`/`maxValue` bound it. An empty field gives `NaN` to `onChange`, as react-aria does.
 */
export function NumberField({ label, description, errorMessage, ...props }: NumberFieldProps) {
  return (
    <AriaNumberField {...props} className={fieldStyles.field}>
      <Field label={label} description={description} errorMessage={errorMessage}>
        <Group className={styles.group}>
          <AriaButton slot="decrement" className={styles.stepper}>
            <Icon name="minus" />
          </AriaButton>
          <Input className={`${fieldStyles.input} ${styles.input}`} />
          <AriaButton slot="increment" className={styles.stepper}>
            <Icon name="plus" />
          </AriaButton>
        </Group>
      </Field>
    </AriaNumberField>
  );
}
