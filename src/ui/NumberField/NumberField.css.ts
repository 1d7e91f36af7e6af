import { style } from '@vanilla-extract/css';
import { focusRingStyle, vars } from '../theme.css';

export const group = style({
  display: 'flex',
  alignItems: 'stretch',
  gap: vars.space.xs,
});

export const input = style({
  flex: 1,
  minWidth: 0,
  textAlign: 'end',
});

export const stepper = style({
  minWidth: '38px',
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.secondary,
  color: vars.color.secondaryText,
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.secondaryHover },
    '&[data-focus-visible]': focusRingStyle,
    '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
  },
});
