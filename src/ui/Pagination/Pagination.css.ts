import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const pagination = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginTop: vars.space.lg,
});

export const summary = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const buttons = style({ display: 'flex', gap: vars.space.sm });
