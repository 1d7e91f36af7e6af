import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { rowLink } from '../../ui/styles/style-objects';

// The page's column and the filters' toolbar are the kit's `layout` classes.

/** The search above the filters' row. */
export const filters = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const search = style({ maxWidth: '420px', minWidth: 0 });

/** The five filters share their row on a wide screen, and take a phone's whole width (the two days half each). */
export const filter = style({ flex: '1 1 180px', minWidth: '150px' });

/** From and To stay side by side, wrapping together. */
export const dateRange = style({ display: 'flex', gap: vars.space.md, flex: '2 1 300px', minWidth: 0 });

export const dateFilter = style({ flex: '1 1 0', minWidth: 0 });

/** A row's link to what it is about: the page of that certificate, client or user. */
export const aboutLink = style(rowLink);

export const actionCode = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** Descriptions wrap, but a very long one (a word without spaces) must not widen the table past the screen. */
export const description = style({ overflowWrap: 'anywhere', minWidth: '200px' });
