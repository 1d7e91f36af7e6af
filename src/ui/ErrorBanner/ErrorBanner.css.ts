import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { column, rowApart } from '../styles/style-objects';

export const banner = style({
  ...rowApart(vars.space.md),
  alignItems: 'flex-start',
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.destructive}`,
  background: vars.color.destructiveSurface,
  color: vars.color.destructive,
  fontSize: vars.fontSize.sm,
});

export const text = style(column(vars.space.xs));

export const title = style({
  fontWeight: vars.fontWeight.semibold,
});
