import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { text, wrappingRow } from '../styles/style-objects';

export const bar = style({
  ...wrappingRow('center', vars.space.lg),
  minHeight: '56px',
  padding: `${vars.space.sm} ${vars.space.xl}`,
  background: vars.color.topBar,
  color: vars.color.topBarText,
});

export const title = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  whiteSpace: 'nowrap',
});

export const navigation = style({
  flex: 1,
  minWidth: 0,
});

export const userArea = style({ ...wrappingRow('center', vars.space.md), marginLeft: 'auto' });

export const userName = style(text.label);

/** Buttons on the dark bar: a light outline instead of the default filled look. */
export const barButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '32px',
  padding: `0 ${vars.space.md}`,
  border: `1px solid rgba(255, 255, 255, 0.5)`,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.topBarText,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: 'rgba(255, 255, 255, 0.12)' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.topBarText}`, outlineOffset: '2px' },
    '&[data-pending]': { opacity: 0.7, cursor: 'not-allowed' },
    '&[aria-current="page"]': { background: 'rgba(255, 255, 255, 0.2)' },
  },
  textDecoration: 'none',
});
