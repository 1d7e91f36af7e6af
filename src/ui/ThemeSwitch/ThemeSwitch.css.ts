import { globalStyle, style } from '@vanilla-extract/css';
import { focusRingStyle, vars } from '../theme.css';
import { media } from '../styles/breakpoints';
import { text, visuallyHidden } from '../styles/style-objects';

export const switchRoot = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '32px',
  ...text.label,
  cursor: 'pointer',
  selectors: {
    '&[data-variant="bar"]': { color: vars.color.topBarText },
    '&[data-variant="plain"]': { color: vars.color.text },
  },
});

export const track = style({
  position: 'relative',
  display: 'inline-block',
  width: '36px',
  height: '20px',
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  transition: 'background-color 120ms ease',
});

export const thumb = style({
  position: 'absolute',
  top: '2px',
  left: '2px',
  width: '12px',
  height: '12px',
  borderRadius: vars.radius.full,
  background: vars.color.borderStrong,
  transition: 'transform 120ms ease',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

globalStyle(`${switchRoot}[data-selected] ${track}`, {
  background: vars.color.primary,
  borderColor: vars.color.primary,
});
globalStyle(`${switchRoot}[data-selected] ${thumb}`, {
  transform: 'translateX(16px)',
  background: vars.color.primaryText,
});
globalStyle(`${switchRoot}[data-focus-visible] ${track}`, focusRingStyle);
globalStyle(`${switchRoot}[data-variant="bar"][data-focus-visible] ${track}`, {
  outlineColor: vars.color.topBarText,
});

/** On the bar below 1024 px the switch keeps its name for screen readers but shows only its track: room for the user. */
export const label = style({
  whiteSpace: 'nowrap',
  '@media': { [media.drawer]: { selectors: { '[data-variant="bar"] &': visuallyHidden } } },
});
