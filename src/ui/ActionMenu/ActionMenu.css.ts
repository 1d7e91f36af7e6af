import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { popoverSurface } from '../styles/style-objects';

export const popover = style({
  minWidth: '160px',
  maxHeight: '320px',
  overflow: 'auto',
  ...popoverSurface(vars.shadow.md),
  outline: 'none',
});

export const menu = style({ padding: vars.space.xs, outline: 'none' });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '32px',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused]': { background: vars.color.secondary, color: vars.color.secondaryText },
    '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
  },
});
