import type { Decorator } from '@storybook/react-vite';
import { useLayoutEffect, type ReactNode } from 'react';
import type { ThemeName } from '../theme-tokens';

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

/**
 * Story decorator: `parameters: { theme: 'dark' }` renders the story in the dark theme. Kit story
 * files add it to their meta; `dark(story)` below makes the dark twin of a story.
 */
export const withTheme: Decorator = (Story, { parameters }) => (
  <ThemeScope theme={parameters.theme as ThemeName | undefined}>
    <Story />
  </ThemeScope>
);

/** The same story (args, play function, tags) in the dark theme; its visual baseline is a separate image. */
export function dark<S extends { parameters?: Record<string, unknown>; tags?: string[] }>(story: S): S {
  return { ...story, parameters: { ...story.parameters, theme: 'dark' } };
}
