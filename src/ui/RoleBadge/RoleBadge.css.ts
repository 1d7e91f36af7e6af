import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { wordBadge } from '../styles/style-objects';

export const badge = style({
  ...wordBadge,
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
