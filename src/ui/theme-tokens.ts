// The design tokens' values, as plain data: theme.css.ts turns them into CSS variables, the contrast test
// (theme-contrast.test.ts) reads them in node, where a .css.ts file cannot run, and Storybook's Design tokens
// page (.storybook/docs) draws them, so the page cannot drift from what the console uses.

/** The colour tokens every theme defines. */
export interface ColorTokens {
  background: string;
  surface: string;
  surfaceMuted: string;
  text: string;
  textMuted: string;
  /** Dividers and decorative outlines (no contrast requirement). */
  border: string;
  /** Boundaries that identify a control (inputs, checkboxes): 3:1 against the surface (WCAG 1.4.11). */
  borderStrong: string;
  focusRing: string;
  primary: string;
  primaryHover: string;
  primaryText: string;
  secondary: string;
  secondaryHover: string;
  secondaryText: string;
  destructive: string;
  destructiveHover: string;
  destructiveText: string;
  destructiveSurface: string;
  success: string;
  successSurface: string;
  warning: string;
  warningSurface: string;
  info: string;
  infoSurface: string;
  caution: string;
  cautionSurface: string;
  neutral: string;
  neutralSurface: string;
  neutralStrong: string;
  neutralStrongText: string;
  topBar: string;
  topBarText: string;
  /** Translucent veil behind modals: never a text background, so outside the contrast pairs. */
  overlay: string;
}

export type ThemeName = 'light' | 'dark';
export const THEME_NAMES: readonly ThemeName[] = ['light', 'dark'];

export const lightColors: ColorTokens = {
  background: '#f4f6fa',
  surface: '#ffffff',
  surfaceMuted: '#eef1f6',
  text: '#111827',
  textMuted: '#4b5563',
  border: '#c9d0db',
  borderStrong: '#6b7280',
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
  info: '#1d4ed8',
  infoSurface: '#e5edff',
  caution: '#9a3412',
  cautionSurface: '#ffedd5',
  neutral: '#374151',
  neutralSurface: '#e5e7eb',
  neutralStrong: '#374151',
  neutralStrongText: '#ffffff',
  topBar: '#0f1b2d',
  topBarText: '#ffffff',
  overlay: 'rgba(15, 27, 45, 0.55)',
};

export const darkColors: ColorTokens = {
  background: '#0d121b',
  surface: '#161d29',
  surfaceMuted: '#1e2735',
  text: '#e8edf4',
  textMuted: '#a9b3c2',
  border: '#334155',
  borderStrong: '#7c8aa0',
  focusRing: '#8ab4ff',
  primary: '#8ab4ff',
  primaryHover: '#a9c8ff',
  primaryText: '#0b1220',
  secondary: '#263244',
  secondaryHover: '#31405a',
  secondaryText: '#e8edf4',
  destructive: '#f28b82',
  destructiveHover: '#f6aea8',
  destructiveText: '#1a0b0a',
  destructiveSurface: '#3a1a1a',
  success: '#7fd69b',
  successSurface: '#14301f',
  warning: '#f2c46b',
  warningSurface: '#35270e',
  info: '#8ab4ff',
  infoSurface: '#172a4a',
  caution: '#fdb77a',
  cautionSurface: '#3a2212',
  neutral: '#c7cfda',
  neutralSurface: '#2a3342',
  neutralStrong: '#a3aebd',
  neutralStrongText: '#0b1220',
  topBar: '#0a0f18',
  topBarText: '#e8edf4',
  overlay: 'rgba(0, 0, 0, 0.65)',
};

export const themeColors: Record<ThemeName, ColorTokens> = { light: lightColors, dark: darkColors };

/** Spacing steps: paddings, gaps and margins are multiples of 4px. */
export const spaceTokens = { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '32px' };
/** Corner radii: small for badges, medium for controls, large for cards and dialogs, full for pills. */
export const radiusTokens = { sm: '4px', md: '6px', lg: '10px', full: '9999px' };
/** Type: the bundled Inter for everything, a monospace for serial numbers and secrets. */
export const fontTokens = {
  body: "'Inter Variable', system-ui, sans-serif",
  mono: "ui-monospace, 'SFMono-Regular', Menlo, monospace",
};
export const fontSizeTokens = { xs: '12px', sm: '14px', md: '16px', lg: '18px', xl: '22px', xxl: '28px' };
export const fontWeightTokens = { regular: '400', medium: '500', semibold: '600', bold: '700' };
export const lineHeightTokens = { tight: '1.25', normal: '1.5' };

/** Shadows, per theme: darker and stronger on the dark background, where a light shadow would not show. */
export interface ShadowTokens {
  /** Cards and the top bar. */
  sm: string;
  /** Menus and popovers. */
  md: string;
  /** Dialogs. */
  lg: string;
}
export const themeShadows: Record<ThemeName, ShadowTokens> = {
  light: {
    sm: '0 1px 2px rgba(15, 27, 45, 0.08)',
    md: '0 4px 12px rgba(15, 27, 45, 0.12)',
    lg: '0 12px 32px rgba(15, 27, 45, 0.24)',
  },
  dark: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
    md: '0 4px 12px rgba(0, 0, 0, 0.5)',
    lg: '0 12px 32px rgba(0, 0, 0, 0.6)',
  },
};

export type ColorToken = keyof ColorTokens;

/** Minimum WCAG AA ratios: 4.5:1 for text, 3:1 for large text and UI boundaries. */
export const TEXT_CONTRAST = 4.5;
export const UI_CONTRAST = 3;

/** A foreground drawn on a background somewhere in the kit, and the ratio it needs. */
export interface ContrastPair {
  foreground: ColorToken;
  background: ColorToken;
  minimum: number;
}

const text = (foreground: ColorToken, ...backgrounds: ColorToken[]): ContrastPair[] =>
  backgrounds.map((background) => ({ foreground, background, minimum: TEXT_CONTRAST }));
const ui = (foreground: ColorToken, ...backgrounds: ColorToken[]): ContrastPair[] =>
  backgrounds.map((background) => ({ foreground, background, minimum: UI_CONTRAST }));

/**
 * Every foreground/background pairing the kit draws. A new colour token must appear here (the
 * contrast test fails otherwise), so no colour ships unchecked.
 */
export const CONTRAST_PAIRS: readonly ContrastPair[] = [
  ...text(
    'text',
    'background',
    'surface',
    'surfaceMuted',
    'destructiveSurface',
    'warningSurface',
    'secondary',
  ),
  ...text('textMuted', 'background', 'surface', 'surfaceMuted', 'destructiveSurface', 'warningSurface'),
  ...text('primaryText', 'primary', 'primaryHover'),
  // Links and the StatCard number are primary text on a surface.
  ...text('primary', 'surface', 'background', 'surfaceMuted'),
  ...text('secondaryText', 'secondary', 'secondaryHover'),
  ...text('destructiveText', 'destructive', 'destructiveHover'),
  ...text('destructive', 'destructiveSurface', 'surface', 'background', 'surfaceMuted'),
  ...text('success', 'successSurface', 'surface', 'background', 'surfaceMuted'),
  ...text('warning', 'warningSurface', 'surface', 'background', 'surfaceMuted'),
  ...text('info', 'infoSurface', 'surface'),
  ...text('caution', 'cautionSurface', 'surface'),
  ...text('neutral', 'neutralSurface', 'surface'),
  ...text('neutralStrongText', 'neutralStrong'),
  ...text('topBarText', 'topBar'),
  ...ui('focusRing', 'background', 'surface', 'surfaceMuted'),
  ...ui('borderStrong', 'background', 'surface', 'surfaceMuted'),
  // A checked checkbox or switch is a primary fill on a surface.
  ...ui('primary', 'secondary'),
];

/** Tokens that are never drawn as text or a control boundary, so have no contrast requirement. */
export const DECORATIVE_TOKENS: readonly ColorToken[] = ['border', 'overlay'];
