import { globalStyle, style } from '@vanilla-extract/css';
import { focusRingStyle, vars } from '../theme.css';
import { column } from '../styles/style-objects';

export const checkbox = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '28px',
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' } },
});

export const box = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '18px',
  height: '18px',
  border: `2px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.primaryText,
  fontSize: '12px',
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
});

globalStyle(`${checkbox}[data-selected] ${box}, ${checkbox}[data-indeterminate] ${box}`, {
  borderColor: vars.color.primary,
  background: vars.color.primary,
});
globalStyle(`${checkbox}[data-focus-visible] ${box}`, focusRingStyle);
globalStyle(`${checkbox}[data-invalid] ${box}`, { borderColor: vars.color.destructive });

export const list = style(column(vars.space.xs));

/** A checkbox with its hint: the hint lines up with the label, past the box. */
export const described = style({ ...column('2px'), paddingInlineStart: 0 });
globalStyle(`${described} > span`, { paddingInlineStart: `calc(18px + ${vars.space.sm})` });
