import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { column, text } from '../styles/style-objects';

export const container = style({
  ...column(vars.space.sm),
  alignItems: 'center',
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  textAlign: 'center',
});

export const title = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });

export const description = style({ ...text.hint, maxWidth: '48ch' });

export const action = style({ marginTop: vars.space.sm });
