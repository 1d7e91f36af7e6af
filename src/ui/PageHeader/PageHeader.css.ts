import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { text, wrappingRow } from '../styles/style-objects';

// The actions' row is the kit's `layout.actions`.

export const header = style({
  ...wrappingRow('center', vars.space.md),
  justifyContent: 'space-between',
  marginBottom: vars.space.xl,
});

// A name longer than the window's width (a company's, a person's double-barrelled one) breaks rather than
// pushing the page sideways; a title that fits wraps only between words, as before.
export const title = style({ ...text.title, minWidth: 0, overflowWrap: 'anywhere' });

export const heading = style({ minWidth: 0 });

export const description = style({ marginTop: vars.space.xs, ...text.hint });
