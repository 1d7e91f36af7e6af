import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { media, TOP_BAR_HEIGHT } from '../styles/breakpoints';
import { column, text, wrappingRow } from '../styles/style-objects';

export const bar = style({
  ...wrappingRow('center', vars.space.lg),
  flexWrap: 'nowrap',
  position: 'sticky',
  top: 0,
  zIndex: 20,
  boxSizing: 'border-box',
  height: `${TOP_BAR_HEIGHT}px`,
  padding: `${vars.space.sm} ${vars.space.xl}`,
  background: vars.color.topBar,
  color: vars.color.topBarText,
  '@media': { [media.drawer]: { gap: vars.space.md, paddingInline: vars.space.lg } },
});

export const title = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  whiteSpace: 'nowrap',
});

/** The drawer's button: only where the navigation is not a sidebar. */
export const navigationButton = style({
  display: 'flex',
  '@media': { [media.sidebar]: { display: 'none' } },
});

export const search = style({
  display: 'flex',
  minWidth: 0,
  flex: '0 1 320px',
  // Alone at the end with the account menu's button once the user's area has left the bar.
  '@media': { [media.accountInMenu]: { flex: 'none', marginLeft: 'auto' } },
});

export const userArea = style({
  ...wrappingRow('center', vars.space.md),
  flexWrap: 'nowrap',
  marginLeft: 'auto',
  '@media': { [media.accountInMenu]: { display: 'none' } },
});

export const userName = style({ ...text.label, whiteSpace: 'nowrap' });

/** Buttons on the dark bar: a light outline instead of the default filled look. */
export const barButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '32px',
  padding: `0 ${vars.space.md}`,
  border: `1px solid rgba(255, 255, 255, 0.5)`,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.topBarText,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: 'rgba(255, 255, 255, 0.12)' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.topBarText}`, outlineOffset: '2px' },
    '&[data-pending]': { opacity: 0.7, cursor: 'not-allowed' },
    '&[aria-current="page"]': { background: 'rgba(255, 255, 255, 0.2)' },
  },
  textDecoration: 'none',
});

/** A square button holding an icon (the drawer's, the account menu's). */
export const iconButton = style([
  barButton,
  { justifyContent: 'center', width: '36px', minHeight: '36px', padding: 0, flexShrink: 0 },
]);

export const menuButton = style({
  marginLeft: 'auto',
  // After the search, which has taken the free space already.
  selectors: { [`${search} ~ &`]: { marginLeft: 0 } },
  '@media': { [media.accountInBar]: { display: 'none' } },
});

/** The account menu: the top bar's colours, so its links, buttons and switch look as they do on the bar. */
export const menuPopover = style({
  width: '280px',
  maxWidth: 'calc(100vw - 16px)',
  maxHeight: 'calc(100dvh - 72px)',
  overflow: 'auto',
  borderRadius: vars.radius.lg,
  background: vars.color.topBar,
  color: vars.color.topBarText,
  boxShadow: vars.shadow.lg,
  outline: 'none',
});

export const menuDialog = style({ ...column(vars.space.lg), padding: vars.space.lg, outline: 'none' });

export const menuSection = style({ ...column(vars.space.sm), alignItems: 'flex-start' });

export const menuSectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  opacity: 0.8,
});
