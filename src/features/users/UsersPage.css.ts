import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { rowLink, wrappingRow } from '../../ui/styles/style-objects';

// The page's column, search box and a cell's lines are the kit's `layout` classes.

/** The toolbar (the kit's), with more room under it than the page's gap. */
export const toolbar = style({ ...wrappingRow('flex-end', vars.space.md), marginBottom: vars.space.lg });

export const nameCell = style({
  fontWeight: vars.fontWeight.medium,
});

/** A user's name in the list, as the link to their own page. */
export const nameLink = style(rowLink);
