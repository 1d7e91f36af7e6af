import type { ReactNode } from 'react';
import { ListBoxItem, type Key } from 'react-aria-components';
import { Icon } from '../Icon';
// The option styles stay with Select's, whose list box ComboBox shares too.
import * as selectStyles from '../Select/Select.css';

export interface OptionItemProps {
  id: Key;
  /** What typing ahead matches and what the chosen option reads as. */
  textValue: string;
  children: ReactNode;
}

/** One option of the kit's list boxes (Select, ComboBox): its content, and a check mark while it is the selected one. */
export function OptionItem({ id, textValue, children }: OptionItemProps) {
  return (
    <ListBoxItem id={id} textValue={textValue} className={selectStyles.option}>
      {({ isSelected }) => (
        <>
          {children}
          {isSelected && (
            <span className={selectStyles.optionCheck}>
              <Icon name="check" />
            </span>
          )}
        </>
      )}
    </ListBoxItem>
  );
}
