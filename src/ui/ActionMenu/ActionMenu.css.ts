import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { listEntry, popoverSurface } from '../styles/style-objects';

export const popover = style({
  minWidth: '160px',
  maxHeight: '320px',
  overflow: 'auto',
  ...popoverSurface(vars.shadow.md),
  outline: 'none',
});

export const menu = style({ padding: vars.space.xs, outline: 'none' });

export const item = style(listEntry);
