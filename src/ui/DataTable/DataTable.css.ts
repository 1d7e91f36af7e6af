import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { insetFocusRing, panelSurface } from '../styles/style-objects';

/**
 * The table's own scroll area: wide tables scroll sideways here, never the page. A long page of rows (25 to 100)
 * scrolls here too, at most a screen high, under a header that stays put (issue 18): a box that scrolls sideways
 * is the one a sticky header sticks to, so it must be the one that scrolls down as well.
 */
export const scroller = style({
  width: '100%',
  maxWidth: '100%',
  maxHeight: 'calc(100vh - 4rem)',
  overflow: 'auto',
  ...panelSurface,
});

export const table = style({
  width: '100%',
  // Separate borders, drawn by the cells: with collapsed borders Chromium paints the sticky header row group now and
  // then a pixel off (header cells at different heights), which a screenshot catches from run to run.
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': insetFocusRing,
  },
});

// The header row group stays at the top of the scroll area (issue 18), painted so rows pass under it.
export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 1,
  background: vars.color.surfaceMuted,
});

export const column = style({
  padding: `${vars.space.md} ${vars.space.lg}`,
  textAlign: 'start',
  verticalAlign: 'middle',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
  borderBottom: `1px solid ${vars.color.border}`,
  outline: 'none',
  selectors: {
    '&[data-align="end"]': { textAlign: 'end' },
    '&[data-allows-sorting]': { cursor: 'pointer' },
    '&[data-allows-sorting][data-hovered]': { color: vars.color.text },
    '&[data-focus-visible]': insetFocusRing,
  },
});

// Every header label is the same whole number of pixels high, with or without a sort icon, so the header row's
// height and each label's centre are whole pixels too: a fractional centre was rounded differently from one render
// to the next (labels a pixel apart in screenshots).
export const columnLabel = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  height: '20px',
  verticalAlign: 'middle',
});

export const sortIcon = style({
  display: 'inline-flex',
  fontSize: '12px',
  selectors: { '&[data-direction="none"]': { opacity: 0.6 } },
});

export const body = style({});

export const row = style({
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceMuted },
    // The muted surface every text colour is checked against; the checkbox says which rows are selected.
    '&[data-selected]': { background: vars.color.surfaceMuted },
    '&[data-href], &[data-action]': { cursor: 'pointer' },
    '&[data-focus-visible]': insetFocusRing,
  },
});

/** The narrow first column of a selectable table: the row's checkbox (the header's selects the page). */
export const selectionColumn = style({
  width: '1%',
  paddingInlineEnd: 0,
});

export const cell = style({
  padding: `${vars.space.md} ${vars.space.lg}`,
  verticalAlign: 'middle',
  outline: 'none',
  selectors: {
    // The line between rows, drawn by each row's cells (the table's borders are separate).
    [`${row}:not(:last-child) > &`]: { borderBottom: `1px solid ${vars.color.border}` },
    '&[data-align="end"]': { textAlign: 'end' },
    '&[data-nowrap]': { whiteSpace: 'nowrap' },
    '&[data-focus-visible]': insetFocusRing,
  },
});

export const actions = style({
  display: 'inline-flex',
  flexWrap: 'nowrap',
  justifyContent: 'flex-end',
  gap: vars.space.xs,
});

const emptyCell = {
  padding: `${vars.space.xl} ${vars.space.lg}`,
  textAlign: 'center',
} as const;

export const empty = style({ ...emptyCell, margin: 0, color: vars.color.textMuted });

export const error = style({
  ...emptyCell,
  color: vars.color.destructive,
  fontWeight: vars.fontWeight.medium,
});
