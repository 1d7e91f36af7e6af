// The console's theme as a Storybook global: a Light/Dark switch in the toolbar for every story, full
// screens included. A story that must show one theme says so with `globals: { theme: 'dark' }`.
//
// Stories tagged 'dark' are also checked in the dark theme: the visual suite (tests/visual) renders them again
// with the global set to dark, runs their play function and axe, and gives those tagged 'visual' too a second
// baseline, `<story id>-dark`. That screenshot is taken after the play function, or before it when the story sets
// `parameters.darkScreenshot: 'at-rest'` (a play function that leaves a focus ring or a checked box shows that
// state in the light baseline; the dark one shows the rest).
import type { Decorator, Preview } from '@storybook/react-vite';
import { useLayoutEffect, type ReactNode } from 'react';
import { THEME_NAMES, type ThemeName } from '../src/ui/theme-tokens';

export const themeGlobalTypes: Preview['globalTypes'] = {
  theme: {
    description: 'The console theme (data-theme on <html>)',
    toolbar: {
      title: 'Theme',
      icon: 'mirror',
      items: [
        { value: 'light', title: 'Light', icon: 'sun' },
        { value: 'dark', title: 'Dark', icon: 'moon' },
      ],
      dynamicTitle: true,
    },
  },
};

export const initialTheme: { theme: ThemeName } = { theme: 'light' };

const isThemeName = (value: unknown): value is ThemeName => THEME_NAMES.includes(value as ThemeName);

/** Puts `theme` on `<html>` while mounted (so overlays in `body` get it too) and restores the previous one after. */
function ThemeScope({ theme, children }: { theme: ThemeName | undefined; children: ReactNode }) {
  useLayoutEffect(() => {
    if (!theme) return undefined;
    const root = document.documentElement;
    const previous = root.getAttribute('data-theme');
    root.setAttribute('data-theme', theme);
    return () => {
      if (previous === null) root.removeAttribute('data-theme');
      else root.setAttribute('data-theme', previous);
    };
  }, [theme]);
  return <>{children}</>;
}

/** Shows every story in the theme the `theme` global names. */
export const withThemeGlobal: Decorator = (Story, { globals }) => (
  <ThemeScope theme={isThemeName(globals.theme) ? globals.theme : undefined}>
    <Story />
  </ThemeScope>
);
