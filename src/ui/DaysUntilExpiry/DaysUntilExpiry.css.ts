import { style } from '@vanilla-extract/css';
import { visuallyHiddenStyle, vars } from '../theme.css';

export const days = style({
  // The containing block of the visually hidden words: without it they are placed against the page, outside
  // a table's own scroll area, and make a phone's page scroll sideways.
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-level="expired"], &[data-level="critical"]': { color: vars.color.destructive },
    '&[data-level="warning"]': { color: vars.color.warning },
    '&[data-level="ok"]': { color: vars.color.success },
  },
});

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '16px',
  height: '16px',
  borderRadius: vars.radius.full,
  border: '1.5px solid currentColor',
  fontSize: '10px',
  lineHeight: 1,
});

export const hidden = style(visuallyHiddenStyle);
