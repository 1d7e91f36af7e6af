import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { text, wrappingRow } from '../styles/style-objects';

export const pagination = style({
  ...wrappingRow('center', vars.space.md),
  justifyContent: 'space-between',
  marginTop: vars.space.lg,
});

export const summary = style(text.hint);

export const buttons = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

export const pageSize = style({ minWidth: '150px' });
