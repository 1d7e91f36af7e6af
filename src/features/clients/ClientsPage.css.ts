import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { column, ellipsis, plainList, rowApart, rowLink } from '../../ui/styles/style-objects';

// The page's column, toolbar, search box and a cell's lines are the kit's `layout` classes.

export const statusFilter = style({
  flex: '0 1 200px',
  minWidth: '160px',
});

export const nameLink = style({
  ...rowLink,
});

/** The Assign Users modal: the picker and the chosen users side by side, stacked on a phone. */
export const assignLayout = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
  gap: vars.space.lg,
  minWidth: 0,
});

export const pickerList = style({
  ...column(vars.space.sm),
  maxHeight: '280px',
  overflowY: 'auto',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const sectionHeading = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const selectedList = style({ ...plainList, ...column(vars.space.xs) });

export const selectedItem = style({
  ...rowApart(vars.space.sm),
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  minWidth: 0,
});

export const selectedName = style(ellipsis);

/** A user in the picker: name over address, wrapping within the list (a long name or address never scrolls it sideways). */
export const pickerLabel = style({ ...column('2px'), minWidth: 0, overflowWrap: 'anywhere' });

/** Each side of the Assign Users modal. */
export const assignColumn = style({ ...column(vars.space.sm), minWidth: 0 });
