import { style } from '@vanilla-extract/css';
import { focusRingStyle, vars } from '../theme.css';

export const box = style({ position: 'relative', display: 'flex', alignItems: 'center' });

export const input = style({ width: '100%', paddingRight: '36px' });

export const button = style({
  position: 'absolute',
  right: vars.space.xs,
  width: '28px',
  height: '28px',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.secondary, color: vars.color.text },
    '&[data-focus-visible]': focusRingStyle,
  },
});
