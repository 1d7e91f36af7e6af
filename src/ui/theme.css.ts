import { assignVars, createGlobalTheme, createThemeContract, globalStyle } from '@vanilla-extract/css';
import {
  darkColors,
  fontSizeTokens,
  fontTokens,
  fontWeightTokens,
  lightColors,
  lineHeightTokens,
  radiusTokens,
  spaceTokens,
  themeShadows,
  type ColorTokens,
} from './theme-tokens';

const colorContract: Record<keyof ColorTokens, null> = {
  background: null,
  surface: null,
  surfaceMuted: null,
  text: null,
  textMuted: null,
  border: null,
  borderStrong: null,
  focusRing: null,
  primary: null,
  primaryHover: null,
  primaryText: null,
  secondary: null,
  secondaryHover: null,
  secondaryText: null,
  destructive: null,
  destructiveHover: null,
  destructiveText: null,
  destructiveSurface: null,
  success: null,
  successSurface: null,
  warning: null,
  warningSurface: null,
  info: null,
  infoSurface: null,
  caution: null,
  cautionSurface: null,
  neutral: null,
  neutralSurface: null,
  neutralStrong: null,
  neutralStrongText: null,
  topBar: null,
  topBarText: null,
  overlay: null,
};

/**
 * Design tokens. The contract lives on `:root` so overlays that react-aria renders into
 * `document.body` (modals, toasts) get the same variables as the app. The light theme is the
 * default; `<html data-theme="dark">` (set by the ThemeSwitch, remembered) selects the dark one,
 * and with no choice made the system's `prefers-color-scheme` decides in CSS, before any script.
 */
export const vars = createThemeContract({
  color: colorContract,
  space: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  radius: { sm: null, md: null, lg: null, full: null },
  font: { body: null, mono: null },
  fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  fontWeight: { regular: null, medium: null, semibold: null, bold: null },
  lineHeight: { tight: null, normal: null },
  shadow: { sm: null, md: null, lg: null },
});

const shared = {
  space: spaceTokens,
  radius: radiusTokens,
  font: fontTokens,
  fontSize: fontSizeTokens,
  fontWeight: fontWeightTokens,
  lineHeight: lineHeightTokens,
};

// Colour values and their WCAG AA pairs live in theme-tokens.ts (checked by theme-contrast.test.ts).
const lightTheme = { ...shared, color: lightColors, shadow: themeShadows.light };
const darkTheme = { ...shared, color: darkColors, shadow: themeShadows.dark };

createGlobalTheme(':root', vars, lightTheme);
createGlobalTheme(':root[data-theme="dark"]', vars, darkTheme);
globalStyle(':root:not([data-theme])', {
  '@media': { '(prefers-color-scheme: dark)': { vars: assignVars(vars, darkTheme), colorScheme: 'dark' } },
});
// Native parts (scrollbars, date inputs, autofill) follow the theme too.
globalStyle(':root', { colorScheme: 'light' });
globalStyle(':root[data-theme="dark"]', { colorScheme: 'dark' });

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html, body', {
  margin: 0,
  padding: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  background: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('h1, h2, h3, p', { margin: 0 });
// Form controls do not inherit the page font by default; without this a button's text fell back to the
// machine's system font, which differs between machines.
globalStyle('button, input, select, textarea', { fontFamily: 'inherit' });

/** A visually hidden element that screen readers still read. */
export const visuallyHiddenStyle = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** The focus ring every interactive component shows when focused by keyboard. */
export const focusRingStyle = {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
} as const;
