import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { insetFocusRing, panelSurface } from '../styles/style-objects';

/** The table's own horizontal scroll area: wide tables scroll here, never the page. */
export const scroller = style({
  width: '100%',
  maxWidth: '100%',
  overflowX: 'auto',
  ...panelSurface,
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': insetFocusRing,
  },
});

export const header = style({
  background: vars.color.surfaceMuted,
});

export const column = style({
  padding: `${vars.space.md} ${vars.space.lg}`,
  textAlign: 'start',
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

export const columnLabel = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
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
    '&:not(:last-child)': { borderBottom: `1px solid ${vars.color.border}` },
    '&[data-hovered]': { background: vars.color.surfaceMuted },
    '&[data-href], &[data-action]': { cursor: 'pointer' },
    '&[data-focus-visible]': insetFocusRing,
  },
});

export const cell = style({
  padding: `${vars.space.md} ${vars.space.lg}`,
  verticalAlign: 'middle',
  outline: 'none',
  selectors: {
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
