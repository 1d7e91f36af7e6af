import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const banner = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.destructive}`,
  background: vars.color.destructiveSurface,
  color: vars.color.destructive,
  fontSize: vars.fontSize.sm,
});

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const title = style({
  fontWeight: vars.fontWeight.semibold,
});
