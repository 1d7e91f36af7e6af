import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';
import { media } from '../../../ui/styles/breakpoints';
import { panelSurface, text } from '../../../ui/styles/style-objects';

// Six counters in rows of six, three or two: never five and one left alone on a tablet.
export const counters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(6, minmax(0, 1fr))',
  gap: vars.space.md,
  margin: 0,
  '@media': {
    [media.narrow]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [media.phone]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
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
  // A number's height, whatever stands in for it, so the counters do not jump when the counts arrive.
  minHeight: '1.5em',
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  selectors: {
    '&[data-state="unavailable"]': { fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.regular },
  },
});

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.5 } });

/** The loading placeholder of a number. */
export const skeleton = style({
  display: 'inline-block',
  width: '3ch',
  height: '1em',
  verticalAlign: 'middle',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  animation: `${pulse} 1.5s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const unavailable = style({ color: vars.color.textMuted });
