import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { toneColours, wordBadge } from '../styles/style-objects';

export const badge = style({
  ...wordBadge,
  gap: '6px',
  selectors: {
    ...toneColours,
    '&[data-tone="neutralStrong"]': {
      background: vars.color.neutralStrong,
      color: vars.color.neutralStrongText,
    },
    '&[data-tone="caution"]': { background: vars.color.cautionSurface, color: vars.color.caution },
    '&[data-tone="dangerStrong"]': { background: vars.color.destructive, color: vars.color.destructiveText },
  },
});

/** A dot in the text colour: a second cue besides the fill, still never the only one. */
export const dot = style({
  width: '6px',
  height: '6px',
  borderRadius: vars.radius.full,
  background: 'currentColor',
});
