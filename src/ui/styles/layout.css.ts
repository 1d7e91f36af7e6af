import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { column, panelSurface, text, wrappingRow } from './style-objects';

// Layout classes the screens share: a page's column, its toolbar, a row of buttons, a cell's lines.

/** A screen (or a dialog's body): its parts in a column. */
export const page = style({ ...column(vars.space.lg), minWidth: 0 });

/** Search and filters above a list; they wrap under each other on a phone. */
export const toolbar = style(wrappingRow('flex-end', vars.space.md));

/** The search box of a toolbar: it takes the room the filters leave. */
export const toolbarSearch = style({ flex: '1 1 240px', maxWidth: '420px', minWidth: 0 });

/** A row of buttons; several wrap on a phone instead of pushing the page sideways. */
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** Lines of one table cell, under each other (a name and an email). */
export const stack = style(column('2px'));

/** Secondary text: an email under a name, 'Not provided'. */
export const muted = style({ color: vars.color.textMuted });

/** A titled section of a page on its own card (the Account page's details, a certificate's history). */
export const panel = style({
  ...column(vars.space.md),
  padding: vars.space.lg,
  ...panelSurface,
  minWidth: 0,
});

export const panelTitle = style({ ...text.heading, margin: 0 });

/** A `dl` of labels and values: labels in one column, values beside them. */
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  alignItems: 'center',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
});

globalStyle(`${details} dt`, { ...text.label, color: vars.color.textMuted });
globalStyle(`${details} dd`, { margin: 0, overflowWrap: 'anywhere' });
