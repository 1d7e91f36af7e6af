import { useSyncExternalStore } from 'react';
import { Switch } from 'react-aria-components';
import { applyStoredTheme, chooseTheme, currentTheme, subscribeToTheme } from './theme-preference';
import * as styles from './ThemeSwitch.css';

// The remembered theme is on <html> as soon as the kit loads, before the first render.
applyStoredTheme();

/** The theme showing now, updated when it changes. */
export function useTheme() {
  return useSyncExternalStore(
    subscribeToTheme,
    () => currentTheme(),
    () => 'light' as const,
  );
}

export interface ThemeSwitchProps {
  /** The switch's label. */
  label?: string;
  /** 'bar' (default) for the dark top bar, 'plain' for a page. */
  variant?: 'bar' | 'plain';
}

/** Dark theme on or off; the choice is remembered in this browser. Space toggles it. */
export function ThemeSwitch({ label = 'Dark theme', variant = 'bar' }: ThemeSwitchProps) {
  const theme = useTheme();
  return (
    <Switch
      className={styles.switchRoot}
      data-variant={variant}
      isSelected={theme === 'dark'}
      onChange={(isDark) => chooseTheme(isDark ? 'dark' : 'light')}
    >
      <span aria-hidden="true" className={styles.track}>
        <span className={styles.thumb} />
      </span>
      <span className={styles.label}>{label}</span>
    </Switch>
  );
}
