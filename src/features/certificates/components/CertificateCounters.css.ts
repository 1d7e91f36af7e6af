import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';
import { panelSurface, text } from '../../../ui/styles/style-objects';

export const counters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))',
  gap: vars.space.md,
  margin: 0,
});

export const counter = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space.xs,
  padding: vars.space.md,
  ...panelSurface,
});

export const label = style(text.hint);

export const value = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});
