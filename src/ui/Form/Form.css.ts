import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { column } from '../styles/style-objects';

export const form = style(column(vars.space.lg));

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
});
