import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Button } from '../Button';
import { Icon } from '../Icon';
import * as styles from './ActionMenu.css';

/** One entry of an ActionMenu: the action it stands for and its label. */
export interface ActionMenuItem<A extends string> {
  action: A;
  label: string;
  isDisabled?: boolean;
  /** Called when the menu opens: the moment to load what the item opens. */
  onPrepare?: () => void;
}

export interface ActionMenuProps<A extends string> {
  /** The button's text, e.g. 'Actions'. */
  label: string;
  /** Names what the menu acts on for screen readers, e.g. 'Actions for SN-1002'; the label when left out. */
  'aria-label'?: string;
  items: readonly ActionMenuItem<A>[];
  onAction: (action: A) => void;
  /** One of the menu's actions is on its way: the button shows it and ignores presses. */
  isPending?: boolean;
  isDisabled?: boolean;
}

/**
 * A small button that opens a menu of actions (react-aria Menu): arrow keys move between them, Enter or a click
 * takes one, Escape closes it and focus returns to the button. Where a row's buttons do not fit, they live here.
 */
export function ActionMenu<A extends string>({
  label,
  items,
  onAction,
  isPending,
  isDisabled,
  ...props
}: ActionMenuProps<A>) {
  return (
    <MenuTrigger
      onOpenChange={(isOpen) => {
        if (isOpen) for (const item of items) item.onPrepare?.();
      }}
    >
      <Button
        size="sm"
        variant="secondary"
        aria-label={props['aria-label']}
        isPending={isPending}
        isDisabled={isDisabled}
      >
        {label}
        <Icon name="chevronDown" />
      </Button>
      <Popover className={styles.popover} placement="bottom end">
        <Menu className={styles.menu} onAction={(key) => onAction(String(key) as A)}>
          {items.map((item) => (
            <MenuItem key={item.action} id={item.action} className={styles.item} isDisabled={item.isDisabled}>
              {item.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
