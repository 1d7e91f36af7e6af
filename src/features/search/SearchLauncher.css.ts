import { globalStyle, style } from '@vanilla-extract/css';
import { vars, visuallyHiddenStyle } from '../../ui/theme.css';
import { media } from '../../ui/styles/breakpoints';
import { ellipsis } from '../../ui/styles/style-objects';

/**
 * Where the navigation is a drawer (below 1024 px) the launcher is an icon: at 768 px the bar also holds the user's
 * name, role, Account and Logout, and a field squeezed to a hundred pixels would show neither its text nor its hint.
 */
const NARROW = media.drawer;

const iconOnly = { width: '36px', flex: '0 0 36px', justifyContent: 'center', padding: 0 } as const;

/** A search field's look on the dark top bar: its light outline and text (TopBar.css.ts `barButton`). */
export const launcher = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flex: '1 1 auto',
  width: '100%',
  minWidth: 0,
  minHeight: '36px',
  padding: `0 ${vars.space.sm} 0 ${vars.space.md}`,
  border: '1px solid rgba(255, 255, 255, 0.5)',
  borderRadius: vars.radius.md,
  background: 'rgba(255, 255, 255, 0.08)',
  color: vars.color.topBarText,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.sm,
  textAlign: 'start',
  cursor: 'text',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: 'rgba(255, 255, 255, 0.14)' },
    '&[data-pressed]': { background: 'rgba(255, 255, 255, 0.2)' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.topBarText}`, outlineOffset: '2px' },
    '&[data-compact]': { ...iconOnly, cursor: 'pointer' },
  },
  '@media': { [NARROW]: { ...iconOnly, cursor: 'pointer' } },
});

export const text = style({ ...ellipsis, flex: 1, opacity: 0.85 });

/** The shortcut's hint, a key cap at the field's end. */
export const shortcut = style({
  flexShrink: 0,
  padding: '1px 6px',
  border: '1px solid rgba(255, 255, 255, 0.35)',
  borderRadius: vars.radius.sm,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.normal,
  whiteSpace: 'nowrap',
  opacity: 0.85,
});

// Icon-only, the text stays the button's accessible name, out of sight; the shortcut's key cap goes.
globalStyle(`${launcher}[data-compact] ${text}`, visuallyHiddenStyle);
globalStyle(`${launcher} ${text}`, { '@media': { [NARROW]: visuallyHiddenStyle } });
globalStyle(`${launcher}[data-compact] ${shortcut}`, { display: 'none' });
globalStyle(`${launcher} ${shortcut}`, { '@media': { [NARROW]: { display: 'none' } } });
