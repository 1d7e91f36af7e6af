import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { inFieldButton } from '../styles/style-objects';

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

export const clear = style({ ...inFieldButton, fontSize: vars.fontSize.lg, lineHeight: 1 });

// react-aria marks an empty search field; the clear button is then pointless.
globalStyle(`[data-empty] ${clear}`, { display: 'none' });
