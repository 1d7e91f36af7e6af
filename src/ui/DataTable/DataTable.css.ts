import { globalStyle, style, type GlobalStyleRule } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { tableContainer } from '../styles/breakpoints';
import { insetFocusRing, panelSurface, visuallyHidden } from '../styles/style-objects';

/** Set on `container` while its rows are cards because, as a table, they are wider than it (`useCardsWhenTooWide`). */
export const TOO_WIDE = 'data-too-wide';

/**
 * The box a table's width is measured on: its container queries (src/ui/styles/breakpoints.ts) ask this one.
 * `data-columns` says whether the table has many columns or a few, which sets the width it becomes cards at.
 */
export const container = style({ containerType: 'inline-size', width: '100%' });

/**
 * The table's own scroll area: wide tables scroll sideways here, never the page. A long page of rows (25 to 100)
 * scrolls here too, at most a screen high, under a header that stays put: a box that scrolls sideways
 * is the one a sticky header sticks to, so it must be the one that scrolls down as well.
 */
export const scroller = style({
  width: '100%',
  maxWidth: '100%',
  maxHeight: 'calc(100vh - 4rem)',
  overflow: 'auto',
  ...panelSurface,
  // Cards grow down the page as any content does: a phone scrolls one thing, the page.
  selectors: { [`${container}[${TOO_WIDE}] &`]: { maxHeight: 'none', overflow: 'visible' } },
  '@container': {
    [tableContainer.cards]: {
      selectors: { [`${container}[data-columns="many"] &`]: { maxHeight: 'none', overflow: 'visible' } },
    },
    [tableContainer.cardsFew]: {
      selectors: { [`${container}[data-columns="few"] &`]: { maxHeight: 'none', overflow: 'visible' } },
    },
  },
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

// The header row group stays at the top of the scroll area, painted so rows pass under it.
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
  // A plain table's row header is a `th` (PlainTable): it reads like every other cell.
  textAlign: 'start',
  fontWeight: 'inherit',
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

// A row's buttons (RowActions): all of them where they fit, else its primary one and an Actions menu.
const buttonGroup = { flexWrap: 'nowrap', justifyContent: 'flex-end', gap: vars.space.xs } as const;
export const actionButtons = style({ ...buttonGroup, display: 'inline-flex' });
export const inlineActions = style({
  ...buttonGroup,
  display: 'inline-flex',
  '@container': { [tableContainer.actions]: { display: 'none' } },
});
export const collapsedActions = style({
  ...buttonGroup,
  display: 'none',
  '@container': { [tableContainer.actions]: { display: 'inline-flex' } },
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

// A table of many columns keeps less space between its cells: at the page's widest (1232 px) the certificates
// table then holds an active row's five buttons without scrolling sideways.
globalStyle(`${container}[data-columns="many"] ${column}, ${container}[data-columns="many"] ${cell}`, {
  paddingInline: vars.space.sm,
});

/*
 * Cards: where the table is narrower than its columns can share (`tableContainer.cards` for a table of
 * many columns, `cardsFew` for one of a few: a dashboard panel's, a dialog's, and wherever its rows measured wider
 * than its box: `TOO_WIDE`, set by `useCardsWhenTooWide`), each row is a card. The row header
 * (a serial, a name) is its title beside its checkbox, every other cell reads its header above its value, in lines
 * that wrap, and the row's actions close it. The header row shows only what works on a card: the page's checkbox
 * and the sortable headers, as sort buttons; the other headers stay for screen readers. The roles stay a grid's
 * (react-aria writes them on every element), so assistive technology and the arrow keys meet the same table.
 */
function cardStyle(selector: string, rule: GlobalStyleRule) {
  const scope = (box: string) =>
    selector
      .split(', ')
      .map((part) => `${box} ${part}`)
      .join(', ');
  for (const [columns, query] of [
    ['many', tableContainer.cards],
    ['few', tableContainer.cardsFew],
  ] as const) {
    globalStyle(scope(`${container}[data-columns="${columns}"]`), { '@container': { [query]: rule } });
  }
  globalStyle(scope(`${container}[${TOO_WIDE}]`), rule);
}

cardStyle(`${table}, ${table} > tbody, ${table} > thead`, { display: 'block' });
cardStyle(`${table} > thead > tr`, {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  position: 'relative',
});
cardStyle(`${table} > thead > tr > ${column}`, visuallyHidden);
cardStyle(
  `${table} > thead > tr > ${column}[data-allows-sorting], ${table} > thead > tr > ${column}[data-role="selection"]`,
  {
    position: 'static',
    width: 'auto',
    height: 'auto',
    overflow: 'visible',
    clip: 'auto',
    display: 'block',
    padding: `${vars.space.sm} ${vars.space.md}`,
    borderBottom: 'none',
  },
);
cardStyle(`${row}`, {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.lg,
  rowGap: vars.space.sm,
  padding: vars.space.md,
});
cardStyle(`${row}:not(:last-child)`, { borderBottom: `1px solid ${vars.color.border}` });
// A line under the header row only when it shows something (a checkbox, a sort button).
cardStyle(`${table} > thead > tr:has(> [data-allows-sorting], > [data-role="selection"])`, {
  borderBottom: `1px solid ${vars.color.border}`,
});
// Every cell, written as specifically as the line between rows (`cell`) that a card has no use for.
cardStyle(`${row} > ${cell}, ${row}:not(:last-child) > ${cell}`, {
  display: 'block',
  flex: '1 1 140px',
  minWidth: 0,
  padding: 0,
  border: 'none',
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
});
cardStyle(`${row} > ${cell}[data-align="end"]`, { textAlign: 'start' });
// As specific as the cell rule for rows but the last (`:not(:last-child)`), or that rule would win there and only the
// last card would have its title on a line of its own.
cardStyle(`${row} > [role="rowheader"], ${row}:not(:last-child) > [role="rowheader"]`, {
  flex: '1 0 calc(100% - 48px)',
  fontWeight: vars.fontWeight.semibold,
});
// Its own width on a card: the table's `width: 1%` (selectionColumn) would leave the checkbox overhanging its cell,
// touching the title beside it.
cardStyle(`${row} > ${cell}[data-role="selection"]`, { flex: '0 0 auto', width: 'auto' });
cardStyle(`${row} > ${cell}[data-role="actions"]`, { flex: '1 1 100%', textAlign: 'end' });
cardStyle(`${row} > ${cell}[data-label]::before`, {
  content: 'attr(data-label) / ""',
  display: 'block',
  marginBottom: '2px',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
});
