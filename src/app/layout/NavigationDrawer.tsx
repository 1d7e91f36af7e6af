import type { ReactNode } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { Icon } from '../../ui/Icon';
import { TopBarIconButton } from '../../ui/TopBar';
import * as styles from './AppLayout.css';

export interface NavigationDrawerProps {
  /** Its dialog's name (the Menu button's text). */
  label: string;
  /** The product title at its head, beside the close button named `closeLabel`. */
  title: string;
  closeLabel: string;
  onClose: () => void;
  /** The navigation, given `close` for its links to call as they are followed. */
  children: (close: () => void) => ReactNode;
}

/**
 * The sidebar below 1024 px: a panel from the left over a veil. Escape, a press on the veil or following a link
 * closes it; react-aria moves the focus in, keeps it there and gives it back to the Menu button. Loaded on first use.
 */
export default function NavigationDrawer({
  label,
  title,
  closeLabel,
  onClose,
  children,
}: NavigationDrawerProps) {
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(isOpen) => !isOpen && onClose()}
      className={styles.drawerOverlay}
    >
      <Modal className={styles.drawer}>
        <Dialog aria-label={label} className={styles.drawerDialog}>
          <div className={styles.drawerHead}>
            <span className={styles.drawerTitle}>{title}</span>
            <TopBarIconButton aria-label={closeLabel} onPress={onClose}>
              <Icon name="close" size={16} />
            </TopBarIconButton>
          </div>
          {children(onClose)}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
