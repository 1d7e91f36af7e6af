import type { Key } from 'react';
import {
  Button as AriaButton,
  ListBox,
  Popover,
  Select as AriaSelect,
  SelectValue,
} from 'react-aria-components';
import { Icon } from '../Icon';
import { OptionItem } from '../OptionItem';
import { Field, fieldStyles, type FieldTexts } from '../Field';
import * as styles from './Select.css';

/** One choice: its value (a string or number key) and the text shown for it. */
export interface SelectOption<K extends string | number> {
  id: K;
  label: string;
}

export interface SelectProps<K extends string | number> extends FieldTexts {
  options: readonly SelectOption<K>[];
  /** The chosen option's id (controlled); `null` for none. */
  value?: K | null;
  defaultValue?: K | null;
  onChange?: (value: K) => void;
  placeholder?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  isInvalid?: boolean;
  /** Form field name; the value is submitted as text. */
  name?: string;
  /** Hides the label visually (it stays the accessible name), e.g. for a filter beside a search box. */
  isLabelHidden?: boolean;
}

/**
 * A single-choice select (react-aria Select): Enter, Space or Alt+ArrowDown opens it, arrow keys
 * move, Enter chooses, Escape closes without choosing. Option ids keep their type (the expiry
 * timeframe's are numbers), so `onChange` hands back the same type.
 */
export function Select<K extends string | number>({
  label,
  options,
  value,
  defaultValue,
  onChange,
  placeholder,
  description,
  errorMessage,
  isLabelHidden = false,
  ...props
}: SelectProps<K>) {
  const byKey = new Map<Key, K>(options.map((option) => [option.id, option.id]));
  return (
    <AriaSelect
      {...props}
      className={fieldStyles.field}
      placeholder={placeholder}
      selectedKey={value}
      defaultSelectedKey={defaultValue ?? undefined}
      onSelectionChange={(key) => {
        const chosen = key === null ? undefined : byKey.get(key);
        if (chosen !== undefined) onChange?.(chosen);
      }}
    >
      <Field
        label={label}
        isLabelHidden={isLabelHidden}
        description={description}
        errorMessage={errorMessage}
      >
        <AriaButton className={`${fieldStyles.input} ${styles.trigger}`}>
          <SelectValue className={styles.value} />
          <span className={styles.chevron}>
            <Icon name="chevronDown" />
          </span>
        </AriaButton>
      </Field>
      <Popover className={styles.popover}>
        <ListBox className={styles.listBox} items={options}>
          {(option) => (
            <OptionItem id={option.id} textValue={option.label}>
              {option.label}
            </OptionItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
