import { Fragment } from 'react';
import { LIST_TEXTS, NAV_ITEMS, SHORTCUT_TEXTS } from '../../contract/texts/shell';
import { Button, layout, Modal } from '../../ui';
import { GO_TO_KEYS, type GoToKey } from './shortcuts';
import * as styles from './AppLayout.css';

export interface ShortcutsDialogProps {
  onClose: () => void;
  /** The `g` shortcuts whose pages the role may open. */
  goToKeys: readonly GoToKey[];
  /** "Ctrl" or "Cmd", as this computer writes the search's modifier. */
  modifier: string;
}

const pageLabel = (key: GoToKey) => NAV_ITEMS.find((item) => item.path === GO_TO_KEYS[key])?.label ?? '';

/** The `?` dialog: every shortcut the user may use here, keys first. Loaded on first use. */
export default function ShortcutsDialog({ onClose, goToKeys, modifier }: ShortcutsDialogProps) {
  const rows: { keys: string[]; sequence?: boolean; does: string }[] = [
    { keys: [modifier, 'K'], does: SHORTCUT_TEXTS.openSearch },
    { keys: ['/'], does: SHORTCUT_TEXTS.focusListSearch },
    ...goToKeys.map((key) => ({
      keys: ['g', key],
      sequence: true,
      does: SHORTCUT_TEXTS.goTo(pageLabel(key)),
    })),
    { keys: ['?'], does: SHORTCUT_TEXTS.showShortcuts },
  ];
  return (
    <Modal title={SHORTCUT_TEXTS.title} isOpen isDismissable onOpenChange={(open) => !open && onClose()}>
      {(close) => (
        <>
          <dl className={styles.shortcuts}>
            {rows.map(({ keys, sequence, does }) => (
              <Fragment key={does}>
                <dt className={styles.shortcutKeys}>
                  {keys.map((key, index) => (
                    <Fragment key={key}>
                      {index > 0 && (sequence ? ` ${SHORTCUT_TEXTS.then} ` : ' + ')}
                      <kbd className={styles.key}>{key}</kbd>
                    </Fragment>
                  ))}
                </dt>
                <dd className={styles.shortcutAction}>{does}</dd>
              </Fragment>
            ))}
          </dl>
          <div className={layout.actions}>
            <Button variant="secondary" onPress={close}>
              {LIST_TEXTS.close}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
