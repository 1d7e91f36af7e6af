import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { text, wrappingRow } from '../styles/style-objects';

// The actions' row is the kit's `layout.actions`.

export const header = style({
  ...wrappingRow('center', vars.space.md),
  justifyContent: 'space-between',
  marginBottom: vars.space.xl,
});

export const title = style(text.title);

export const description = style({ marginTop: vars.space.xs, ...text.hint });
