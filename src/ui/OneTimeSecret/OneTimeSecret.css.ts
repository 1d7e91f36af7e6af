import { globalStyle, style } from '@vanilla-extract/css';
import { visuallyHiddenStyle, vars } from '../theme.css';
import { centredRow, column } from '../styles/style-objects';

/** The one-time-secret view of a create dialog. */
export const secret = style(column(vars.space.lg));

/** The secret is shown once: said where it cannot be missed. */
export const notice = style({
  ...centredRow(vars.space.sm),
  padding: `${vars.space.md} ${vars.space.lg}`,
  border: `1px solid ${vars.color.warning}`,
  borderRadius: vars.radius.md,
  background: vars.color.warningSurface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});
globalStyle(`${notice} svg`, { flexShrink: 0, color: vars.color.warning });

/** The secret's field: monospace, sized so the whole token fits the dialog's width. */
export const secretField = style({});
globalStyle(`${secretField} input`, { fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });

export const copyRow = style({ ...centredRow(vars.space.md), marginTop: `calc(-1 * ${vars.space.sm})` });

export const copyFailed = style({ fontSize: vars.fontSize.sm, color: vars.color.destructive });

/** The copy outcome for screen readers where the button already shows it ('Copied'). */
export const visuallyHidden = style(visuallyHiddenStyle);
