import type { ReactNode } from 'react';
import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import * as styles from './Modal.css';

export interface ModalProps {
  title: string;
  /** Content, or a function of `close` for content that closes the dialog itself. */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Controlled open state; leave both out inside a `DialogTrigger`. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** Whether a click outside closes it; Escape always does unless `isKeyboardDismissDisabled`. */
  isDismissable?: boolean;
  isKeyboardDismissDisabled?: boolean;
  role?: 'dialog' | 'alertdialog';
  /** 'lg' for a dialog holding a table (a certificate's history); forms and questions keep the default. */
  size?: 'md' | 'lg';
}

/** The controlled open state of a dialog, as a screen hands it to the dialogs it opens. */
export interface OpenState {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** A modal dialog: focus is trapped inside and restored to the trigger when it closes. */
export function Modal({
  title,
  children,
  isOpen,
  onOpenChange,
  isDismissable = false,
  isKeyboardDismissDisabled,
  role,
  size = 'md',
}: ModalProps) {
  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={isKeyboardDismissDisabled}
    >
      <AriaModal className={styles.modal} data-size={size}>
        <Dialog className={styles.dialog} role={role}>
          {({ close }) => (
            <>
              <Heading slot="title" className={styles.heading}>
                {title}
              </Heading>
              {typeof children === 'function' ? children(close) : children}
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
