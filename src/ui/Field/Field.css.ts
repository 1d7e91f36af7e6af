import { style } from '@vanilla-extract/css';
import { visuallyHiddenStyle, vars } from '../theme.css';

// The look every labelled input of the kit shares: the column that holds the label, the control,
// the description and the error (Field.tsx), and the control's own box.

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

// Inputs, text areas, selects and date fields share this look; their border is `borderStrong`
// so the control's boundary meets 3:1 (WCAG 1.4.11).
export const input = style({
  minHeight: '38px',
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.md,
  outline: 'none',
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.textMuted },
    '&[data-focused]': { borderColor: vars.color.focusRing, boxShadow: `0 0 0 1px ${vars.color.focusRing}` },
    '&[data-invalid]': { borderColor: vars.color.destructive },
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
