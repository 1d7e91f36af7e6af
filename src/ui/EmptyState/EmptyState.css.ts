import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const container = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  textAlign: 'center',
});

export const title = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });

export const description = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  maxWidth: '48ch',
});

export const action = style({ marginTop: vars.space.sm });
