import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { media } from '../styles/breakpoints';
import { column, text, wrappingRow } from '../styles/style-objects';

export const bar = style({
  ...wrappingRow('center', vars.space.lg),
  flexWrap: 'nowrap',
  minHeight: '56px',
  padding: `${vars.space.sm} ${vars.space.xl}`,
  background: vars.color.topBar,
  color: vars.color.topBarText,
});

export const title = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  whiteSpace: 'nowrap',
});

export const navigation = style({
  flex: 1,
  minWidth: 0,
  '@media': { [media.narrow]: { display: 'none' } },
});

// Narrower than the whole bar: the administration pages leave it for the Menu.
globalStyle(`${navigation} li[data-group="admin"]`, { '@media': { [media.compact]: { display: 'none' } } });

export const userArea = style({
  ...wrappingRow('center', vars.space.md),
  flexWrap: 'nowrap',
  marginLeft: 'auto',
  '@media': { [media.compact]: { display: 'none' } },
});

export const userName = style(text.label);

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

export const menuButton = style({
  gap: vars.space.sm,
  marginLeft: 'auto',
  whiteSpace: 'nowrap',
  '@media': { [media.wide]: { display: 'none' } },
});

/** The Menu: the top bar's colours, so its links, buttons and switch look as they do on the bar. */
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

export const menuSection = style({
  ...column(vars.space.sm),
  alignItems: 'flex-start',
  // The main pages are in the bar itself until it is narrow.
  selectors: { '&[data-group="main"]': { display: 'none' } },
  '@media': { [media.narrow]: { selectors: { '&[data-group="main"]': { display: 'flex' } } } },
});

export const menuSectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  opacity: 0.8,
});

// The Menu's lists of links are columns, not the bar's row.
globalStyle(`${menuSection} ul`, { flexDirection: 'column', alignItems: 'flex-start' });
