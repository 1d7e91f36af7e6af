import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { column, text } from '../../ui/styles/style-objects';

export const hint = style(text.hint);

/** A part of a panel under its own small heading. */
export const block = style(column(vars.space.xs));

export const blockTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

/** Label and value pairs (the identity provider's address), side by side, wrapping on a phone. */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});
globalStyle(`${facts} dt`, { color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' });

/** The defaults' fields, a readable width rather than the panel's whole row. */
export const fields = style({ ...column(vars.space.md), maxWidth: '32rem' });
