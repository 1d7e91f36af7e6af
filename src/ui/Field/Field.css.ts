import { style } from '@vanilla-extract/css';
import { visuallyHiddenStyle, vars } from '../theme.css';
import { column, controlBox, controlStates, text } from '../styles/style-objects';

// The look every labelled input of the kit shares: the column that holds the label, the control,
// the description and the error (Field.tsx), and the control's own box.

export const field = style(column(vars.space.xs));

export const label = style({ ...text.label, color: vars.color.text });

// Inputs, text areas, selects and date fields share this look (the kit's control box).
export const input = style({
  ...controlBox,
  padding: `0 ${vars.space.md}`,
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.textMuted },
    ...controlStates,
    '&[data-invalid][data-focused]': { boxShadow: `0 0 0 1px ${vars.color.destructive}` },
    '&[data-disabled]': { background: vars.color.surfaceMuted, cursor: 'not-allowed' },
  },
});

export const textArea = style([
  input,
  {
    minHeight: '96px',
    padding: `${vars.space.sm} ${vars.space.md}`,
    resize: 'vertical',
    lineHeight: vars.lineHeight.normal,
  },
]);

/** A label that stays the accessible name but is not shown (a filter beside a search box). */
export const hiddenLabel = style(visuallyHiddenStyle);

export const description = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const error = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.destructive,
  fontWeight: vars.fontWeight.medium,
});
