import { style } from '@vanilla-extract/css';
import { focusRingStyle, vars } from '../../../ui/theme.css';
import { wrappingRow } from '../../../ui/styles/style-objects';

/** The links to the other certificate of a transfer, above the records. */
export const links = style({ ...wrappingRow('center', vars.space.md), margin: `0 0 ${vars.space.sm}` });

export const link = style({
  color: vars.color.primary,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { color: vars.color.primaryHover },
    '&[data-focus-visible]': focusRingStyle,
    '&[data-pending="true"]': { color: vars.color.textMuted, textDecoration: 'none', cursor: 'default' },
  },
});
