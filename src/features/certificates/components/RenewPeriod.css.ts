import { style } from '@vanilla-extract/css';
import { focusRingStyle, vars } from '../../../ui/theme.css';
import { column, text } from '../../../ui/styles/style-objects';

export const group = style({ ...column(vars.space.xs), border: 0, margin: 0, padding: 0 });

export const label = style(text.label);

/** The quick choices as one segmented row; the chosen one filled (react-aria sets `data-selected`). */
export const choices = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const choice = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceMuted },
    '&[data-selected]': {
      background: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.primaryText,
    },
    '&[data-focus-visible]': focusRingStyle,
  },
});

/** Before → after: a small table of what the renewal changes. */
export const changes = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  fontSize: vars.fontSize.sm,
});

export const term = style({ color: vars.color.textMuted });

export const value = style({
  margin: 0,
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    '&[data-changed="true"]': { fontWeight: vars.fontWeight.semibold, color: vars.color.text },
    '&[data-changed="false"]': { color: vars.color.textMuted },
  },
});

/** A term and its value, laid out by the grid of `changes`. */
export const pair = style({ display: 'contents' });
