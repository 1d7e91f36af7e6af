import { style } from '@vanilla-extract/css';
import { focusRingStyle, vars } from '../theme.css';

/** The button's looks; `Button`, `PlainButton` and `LinkButton` all take one. */
export type ButtonVariant = 'primary' | 'secondary' | 'destructive' | 'ghost';

const HOVER: Record<ButtonVariant, { background: string; color?: string }> = {
  primary: { background: vars.color.primaryHover },
  secondary: { background: vars.color.secondaryHover },
  destructive: { background: vars.color.destructiveHover },
  ghost: { background: vars.color.secondary, color: vars.color.secondaryText },
};

const VARIANTS = Object.keys(HOVER) as ButtonVariant[];

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
    // A LinkButton (a plain link) and a PlainButton (the browser's own button) carry no react-aria attributes: the
    // browser's :focus-visible stands in for them, and :hover below.
    '&[data-focus-visible], a&:focus-visible, &[data-plain]:focus-visible': focusRingStyle,
    '&[data-size="sm"]': { minHeight: '30px', padding: `0 ${vars.space.md}`, fontSize: vars.fontSize.xs },
    '&[data-disabled], &[data-pending]': { cursor: 'not-allowed', opacity: 0.7 },

    '&[data-variant="primary"]': { background: vars.color.primary, color: vars.color.primaryText },
    '&[data-variant="secondary"]': {
      background: vars.color.secondary,
      color: vars.color.secondaryText,
      borderColor: vars.color.border,
    },
    '&[data-variant="destructive"]': {
      background: vars.color.destructive,
      color: vars.color.destructiveText,
    },
    '&[data-variant="ghost"]': { background: 'transparent', color: 'inherit' },
    ...Object.fromEntries(
      VARIANTS.map((variant) => [`&[data-variant="${variant}"][data-hovered]`, HOVER[variant]]),
    ),
  },
  '@media': {
    // react-aria sets data-hovered for a mouse only; :hover would stay on a touched button on a phone.
    '(hover: hover)': {
      selectors: Object.fromEntries(
        VARIANTS.map((variant) => [
          `a&[data-variant="${variant}"]:hover, &[data-variant="${variant}"][data-plain]:enabled:not([data-pending]):hover`,
          HOVER[variant],
        ]),
      ),
    },
  },
});
