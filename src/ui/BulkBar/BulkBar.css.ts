import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import {
  centredRow,
  column,
  insetFocusRing,
  panelSurface,
  plainList,
  text,
  wrappingRow,
} from '../styles/style-objects';

export const bar = style({
  ...column(vars.space.sm),
  padding: `${vars.space.sm} ${vars.space.lg}`,
  ...panelSurface,
  background: vars.color.surfaceMuted,
  selectors: {
    // A failure in the last outcome outlines the whole bar, as the error banner does.
    '&[data-outcome="failed"]': { borderColor: vars.color.destructive },
  },
});

export const selectionRow = style({
  ...wrappingRow('center', vars.space.md),
  justifyContent: 'space-between',
});

export const count = style({ margin: 0, ...text.label });

export const summary = style({ ...wrappingRow('center', vars.space.md) });

export const note = style({
  margin: 0,
  ...text.hint,
  selectors: { '&[data-capped]': { color: vars.color.warning, fontWeight: vars.fontWeight.medium } },
});

export const actions = style({ ...wrappingRow('center', vars.space.sm) });

export const outcome = style({
  ...column(vars.space.xs),
  fontSize: vars.fontSize.sm,
});

export const outcomeHead = style({ ...centredRow(vars.space.md), justifyContent: 'space-between' });

export const outcomeText = style({
  margin: 0,
  fontWeight: vars.fontWeight.medium,
  selectors: { '&[data-outcome="failed"]': { color: vars.color.destructive } },
});

export const failures = style({
  ...plainList,
  ...column(vars.space.xs),
  maxHeight: '12rem',
  overflowY: 'auto',
  outline: 'none',
  selectors: { '&:focus-visible': insetFocusRing },
});

export const failureName = style({ fontWeight: vars.fontWeight.semibold });
