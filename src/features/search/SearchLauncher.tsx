import { useRef } from 'react';
import { Button } from 'react-aria-components';
import { SEARCH_LAUNCHER_TEXTS as TEXTS } from '../../contract/texts/search';
import { Icon } from '../../ui/Icon';
import { CommandPalette } from './lazy-palette';
import { isApplePlatform, usePaletteLauncher } from './palette-store';
import * as styles from './SearchLauncher.css';

export interface SearchLauncherProps {
  /**
   * Icon only, whatever the width. Without it the launcher reads "Search…" with its shortcut, and turns icon-only by
   * itself below 1024 px, where the navigation is a drawer.
   */
  compact?: boolean;
}

/**
 * The top bar's way into the command palette: looks like a search field, opens the palette on press, and listens
 * for Ctrl+K (⌘K on Apple's systems) anywhere in the console while it is mounted. Focus comes back to whatever had
 * it when the palette closes.
 */
export function SearchLauncher({ compact = false }: SearchLauncherProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const palette = usePaletteLauncher(ref);
  const onApple = isApplePlatform();
  return (
    <>
      <Button
        ref={ref}
        className={styles.launcher}
        data-compact={compact || undefined}
        aria-keyshortcuts={onApple ? 'Meta+K' : 'Control+K'}
        aria-haspopup="dialog"
        aria-expanded={palette.isOpen}
        onHoverStart={CommandPalette.preload}
        onFocus={CommandPalette.preload}
        onPress={palette.open}
      >
        <Icon name="search" size={16} />
        <span className={styles.text}>{TEXTS.text}</span>
        <kbd className={styles.shortcut} aria-hidden="true">
          {onApple ? TEXTS.shortcut.mac : TEXTS.shortcut.other}
        </kbd>
      </Button>
      {palette.isOpen && <CommandPalette onClose={palette.close} />}
    </>
  );
}
