import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '6px',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  border: '1px solid transparent',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.04em',
  lineHeight: vars.lineHeight.normal,
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-tone="success"]': { background: vars.color.successSurface, color: vars.color.success },
    '&[data-tone="warning"]': { background: vars.color.warningSurface, color: vars.color.warning },
    '&[data-tone="info"]': { background: vars.color.infoSurface, color: vars.color.info },
    '&[data-tone="neutral"]': { background: vars.color.neutralSurface, color: vars.color.neutral },
    '&[data-tone="neutralStrong"]': {
      background: vars.color.neutralStrong,
      color: vars.color.neutralStrongText,
    },
    '&[data-tone="caution"]': { background: vars.color.cautionSurface, color: vars.color.caution },
    '&[data-tone="danger"]': { background: vars.color.destructiveSurface, color: vars.color.destructive },
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
