import type { ReactNode, RefObject } from 'react';
import { Dialog, Popover } from 'react-aria-components';
import * as styles from './TopBar.css';

export interface TopBarMenuPopoverProps {
  id: string;
  triggerRef: RefObject<HTMLElement | null>;
  label: string;
  onClose: () => void;
  children: (close: () => void) => ReactNode;
}

/**
 * The top bar's Menu once open: a popover under its button holding a dialog. Loaded on first use (TopBar.tsx): its
 * react-aria overlay, focus and dismissal code was a fifth of the console's first JavaScript.
 */
export default function TopBarMenuPopover({
  id,
  triggerRef,
  label,
  onClose,
  children,
}: TopBarMenuPopoverProps) {
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      className={styles.menuPopover}
      placement="bottom end"
      offset={8}
    >
      <Dialog id={id} className={styles.menuDialog} aria-label={label}>
        {children(onClose)}
      </Dialog>
    </Popover>
  );
}
