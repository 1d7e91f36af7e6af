import { globalStyle, style } from '@vanilla-extract/css';
import { focusRingStyle, vars } from '../theme.css';
import { popoverSurface, rowApart } from '../styles/style-objects';

export const group = style({
  ...rowApart(vars.space.sm),
  paddingRight: vars.space.xs,
  selectors: {
    '&[data-focus-within]': {
      borderColor: vars.color.focusRing,
      boxShadow: `0 0 0 1px ${vars.color.focusRing}`,
    },
  },
});

export const dateInput = style({ display: 'flex', alignItems: 'center', fontVariantNumeric: 'tabular-nums' });

export const segment = style({
  padding: '0 1px',
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: {
    '&[data-placeholder]': { color: vars.color.textMuted },
    '&[data-type="literal"]': { color: vars.color.textMuted },
    '&[data-focused]': { background: vars.color.primary, color: vars.color.primaryText },
  },
});

export const calendarButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '30px',
  height: '30px',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.secondary },
    '&[data-focus-visible]': focusRingStyle,
  },
});

export const popover = style({ ...popoverSurface(vars.shadow.md), outline: 'none' });

export const dialog = style({ padding: vars.space.md, outline: 'none' });

export const calendar = style({ color: vars.color.text });

export const calendarHeader = style({ ...rowApart(vars.space.sm), marginBottom: vars.space.sm });

export const calendarHeading = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  margin: 0,
});

export const navButton = style([calendarButton, { fontSize: vars.fontSize.lg }]);

export const grid = style({
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
});

globalStyle(`${grid} th`, {
  padding: vars.space.xs,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
});

export const cell = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '34px',
  height: '34px',
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-outside-month]': { display: 'none' },
    '&[data-hovered]': { background: vars.color.secondary, color: vars.color.secondaryText },
    '&[data-selected]': { background: vars.color.primary, color: vars.color.primaryText },
    '&[data-focus-visible]': focusRingStyle,
    '&[data-disabled], &[data-unavailable]': {
      color: vars.color.textMuted,
      textDecoration: 'line-through',
      cursor: 'default',
    },
  },
});
