import { style } from '@vanilla-extract/css';
import { focusRingStyle, vars } from '../theme.css';

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '36px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.topBarText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  outline: 'none',
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: 'rgba(255, 255, 255, 0.12)' },
    '&[data-focus-visible]': { ...focusRingStyle, outlineColor: vars.color.topBarText },
    '&[aria-current="page"]': {
      background: 'rgba(255, 255, 255, 0.2)',
      textDecoration: 'underline',
      textUnderlineOffset: '4px',
    },
  },
});
