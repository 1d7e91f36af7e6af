import { globalStyle, style } from '@vanilla-extract/css';
import { focusRingStyle, vars } from '../theme.css';
import { column, panelSurface, text } from '../styles/style-objects';

export const card = style({
  position: 'relative',
  ...column(vars.space.sm),
  padding: vars.space.xl,
  ...panelSurface,
  color: vars.color.text,
  boxShadow: vars.shadow.sm,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&[data-variant="row"]': {
      flexDirection: 'row',
      alignItems: 'center',
      justifyContent: 'space-between',
      padding: `${vars.space.md} ${vars.space.lg}`,
      boxShadow: 'none',
    },
    'a&': { cursor: 'pointer' },
    'a&[data-hovered]': { borderColor: vars.color.primary, background: vars.color.surfaceMuted },
    '&[data-focus-visible]': focusRingStyle,
  },
});

export const title = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
});

export const value = style({
  ...text.title,
  fontVariantNumeric: 'tabular-nums',
});

globalStyle(`${card}[data-variant="row"] ${value}`, { fontSize: vars.fontSize.lg, marginLeft: 'auto' });

export const arrow = style({
  position: 'absolute',
  top: vars.space.lg,
  right: vars.space.lg,
  display: 'inline-flex',
  color: vars.color.primary,
});

globalStyle(`${card}[data-variant="row"] ${arrow}`, { position: 'static', marginLeft: vars.space.md });

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  gap: vars.space.lg,
});
