import { globalStyle, style } from '@vanilla-extract/css';
import { focusRingStyle, vars } from '../theme.css';

export const field = style({ minWidth: '220px', flex: '1 1 220px', maxWidth: '420px' });

export const box = style({ position: 'relative', display: 'flex', alignItems: 'center' });

export const icon = style({
  position: 'absolute',
  left: vars.space.md,
  color: vars.color.textMuted,
  pointerEvents: 'none',
});

export const input = style({
  width: '100%',
  paddingLeft: '34px',
  paddingRight: '36px',
  selectors: { '&::-webkit-search-cancel-button': { display: 'none' } },
});

export const clear = style({
  position: 'absolute',
  right: vars.space.xs,
  width: '28px',
  height: '28px',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.secondary, color: vars.color.text },
    '&[data-focus-visible]': focusRingStyle,
  },
});

// react-aria marks an empty search field; the clear button is then pointless.
globalStyle(`[data-empty] ${clear}`, { display: 'none' });
