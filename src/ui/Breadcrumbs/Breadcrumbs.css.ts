import { style } from '@vanilla-extract/css';
import { focusRingStyle, vars } from '../theme.css';
import { plainList } from '../styles/style-objects';

export const trail = style({
  ...plainList,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  marginBottom: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const crumb = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, minWidth: 0 });

export const separator = style({ display: 'inline-flex' });

export const link = style({
  color: vars.color.primary,
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  borderRadius: vars.radius.sm,
  outline: 'none',
  overflowWrap: 'anywhere',
  selectors: {
    '&[data-focus-visible]': focusRingStyle,
    // The page itself: plain text, not a link (react-aria marks it current and disabled).
    '&[data-current]': { color: vars.color.textMuted, textDecoration: 'none', cursor: 'default' },
  },
});
