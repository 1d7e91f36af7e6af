import { useId, type ReactNode } from 'react';
import {
  Checkbox as AriaCheckbox,
  CheckboxGroup as AriaCheckboxGroup,
  type CheckboxGroupProps as AriaCheckboxGroupProps,
  type CheckboxProps as AriaCheckboxProps,
} from 'react-aria-components';
import { Icon } from '../Icon';
import { Field, fieldStyles, type FieldTexts } from '../Field';
import * as styles from './Checkbox.css';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'className' | 'style' | 'children'> {
  /** The visible label; without one, name it with `aria-label` (a table row's checkbox is named by its row). */
  children?: ReactNode;
  /** A hint under the checkbox, read out as its description. */
  description?: ReactNode;
}

/** A checkbox with its label beside it and an optional hint under it; Space toggles it. */
export function Checkbox({ description, ...props }: CheckboxProps) {
  const descriptionId = useId();
  if (description === undefined) return <PlainCheckbox {...props} />;
  return (
    <div className={styles.described}>
      <PlainCheckbox {...props} aria-describedby={descriptionId} />
      <span id={descriptionId} className={fieldStyles.description}>
        {description}
      </span>
    </div>
  );
}

function PlainCheckbox({ children, ...props }: Omit<CheckboxProps, 'description'>) {
  return (
    <AriaCheckbox {...props} className={styles.checkbox}>
      {({ isSelected, isIndeterminate }) => (
        <>
          <span aria-hidden="true" className={styles.box}>
            {isIndeterminate ? <Icon name="minus" /> : isSelected ? <Icon name="check" /> : null}
          </span>
          {children !== undefined && <span>{children}</span>}
        </>
      )}
    </AriaCheckbox>
  );
}

export interface CheckboxGroupProps
  extends Omit<AriaCheckboxGroupProps, 'className' | 'style' | 'children'>, FieldTexts {
  /** Checkboxes whose `value`s make up the group's value (a list of ids). */
  children: ReactNode;
}

/** A labelled group of checkboxes whose value is the list of checked values (e.g. user uuids to assign). */
export function CheckboxGroup({ label, description, errorMessage, children, ...props }: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup {...props} className={fieldStyles.field}>
      <Field label={label} description={description} errorMessage={errorMessage}>
        <div className={styles.list}>{children}</div>
      </Field>
    </AriaCheckboxGroup>
  );
}
