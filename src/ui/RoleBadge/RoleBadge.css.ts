import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  border: '1px solid transparent',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.04em',
  lineHeight: vars.lineHeight.normal,
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-variant="destructive"]': {
      background: vars.color.destructive,
      color: vars.color.destructiveText,
    },
    '&[data-variant="default"]': { background: vars.color.primary, color: vars.color.primaryText },
    '&[data-variant="secondary"]': { background: vars.color.secondary, color: vars.color.secondaryText },
    '&[data-variant="outline"]': {
      background: vars.color.surface,
      color: vars.color.text,
      borderColor: vars.color.border,
    },
  },
});
