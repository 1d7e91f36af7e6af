import { style } from '@vanilla-extract/css';
import { focusRingStyle, vars } from '../theme.css';

export const button = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: '36px',
  padding: `0 ${vars.space.lg}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  // LinkButton: a link dressed as a button.
  textDecoration: 'none',
  outline: 'none',
  transition: 'background-color 120ms ease',
  selectors: {
    // A LinkButton is a plain link: the browser's own :focus-visible stands in for react-aria's attribute.
    '&[data-focus-visible], a&:focus-visible': focusRingStyle,
    '&[data-size="sm"]': { minHeight: '30px', padding: `0 ${vars.space.md}`, fontSize: vars.fontSize.xs },
    '&[data-disabled], &[data-pending]': { cursor: 'not-allowed', opacity: 0.7 },

    '&[data-variant="primary"]': { background: vars.color.primary, color: vars.color.primaryText },
    '&[data-variant="primary"][data-hovered], a&[data-variant="primary"]:hover': {
      background: vars.color.primaryHover,
    },

    '&[data-variant="secondary"]': {
      background: vars.color.secondary,
      color: vars.color.secondaryText,
      borderColor: vars.color.border,
    },
    '&[data-variant="secondary"][data-hovered], a&[data-variant="secondary"]:hover': {
      background: vars.color.secondaryHover,
    },

    '&[data-variant="destructive"]': {
      background: vars.color.destructive,
      color: vars.color.destructiveText,
    },
    '&[data-variant="destructive"][data-hovered]': { background: vars.color.destructiveHover },

    '&[data-variant="ghost"]': { background: 'transparent', color: 'inherit' },
    '&[data-variant="ghost"][data-hovered]': {
      background: vars.color.secondary,
      color: vars.color.secondaryText,
    },
  },
});
