import { createGlobalTheme, createThemeContract, globalStyle } from '@vanilla-extract/css';

/**
 * Design tokens. The contract lives on `:root` so overlays that react-aria renders into
 * `document.body` (modals, toasts) get the same variables as the app; a dark theme can later
 * be another `createGlobalTheme` on `:root[data-theme="dark"]` for the same contract.
 */
export const vars = createThemeContract({
  color: {
    background: null,
    surface: null,
    surfaceMuted: null,
    text: null,
    textMuted: null,
    border: null,
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
    topBar: null,
    topBarText: null,
    overlay: null,
  },
  space: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  radius: { sm: null, md: null, lg: null, full: null },
  font: { body: null, mono: null },
  fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  fontWeight: { regular: null, medium: null, semibold: null, bold: null },
  lineHeight: { tight: null, normal: null },
  shadow: { sm: null, md: null, lg: null },
});

// Colour pairs are chosen for WCAG AA contrast (4.5:1 for text) against the surfaces they sit on.
createGlobalTheme(':root', vars, {
  color: {
    background: '#f4f6fa',
    surface: '#ffffff',
    surfaceMuted: '#eef1f6',
    text: '#111827',
    textMuted: '#4b5563',
    border: '#c9d0db',
    focusRing: '#0b5fff',
    primary: '#0b57d0',
    primaryHover: '#0842a0',
    primaryText: '#ffffff',
    secondary: '#e3e8f0',
    secondaryHover: '#cfd7e3',
    secondaryText: '#111827',
    destructive: '#b42318',
    destructiveHover: '#8f1c13',
    destructiveText: '#ffffff',
    destructiveSurface: '#fdecea',
    success: '#146c2e',
    successSurface: '#e6f4ea',
    warning: '#8a5300',
    warningSurface: '#fff4e0',
    topBar: '#0f1b2d',
    topBarText: '#ffffff',
    overlay: 'rgba(15, 27, 45, 0.55)',
  },
  space: { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '32px' },
  radius: { sm: '4px', md: '6px', lg: '10px', full: '9999px' },
  font: {
    body: "'Inter Variable', system-ui, sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, monospace",
  },
  fontSize: { xs: '12px', sm: '14px', md: '16px', lg: '18px', xl: '22px', xxl: '28px' },
  fontWeight: { regular: '400', medium: '500', semibold: '600', bold: '700' },
  lineHeight: { tight: '1.25', normal: '1.5' },
  shadow: {
    sm: '0 1px 2px rgba(15, 27, 45, 0.08)',
    md: '0 4px 12px rgba(15, 27, 45, 0.12)',
    lg: '0 12px 32px rgba(15, 27, 45, 0.24)',
  },
});

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
