import { style } from '@vanilla-extract/css';
import type { HistoryAction } from '../../../contract/certificates';
import { vars } from '../../../ui/theme.css';

type Tone = 'success' | 'warning' | 'info' | 'neutral' | 'danger';

/** Lifecycle steps in the colours of the statuses they lead to. */
export const ACTION_TONE: Record<HistoryAction, Tone> = {
  created: 'warning',
  updated: 'neutral',
  activated: 'success',
  renewed: 'success',
  downloaded: 'info',
  used: 'neutral',
  expired: 'neutral',
  revoked: 'danger',
};

export const badge = style({
  display: 'inline-flex',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.normal,
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-tone="success"]': { background: vars.color.successSurface, color: vars.color.success },
    '&[data-tone="warning"]': { background: vars.color.warningSurface, color: vars.color.warning },
    '&[data-tone="info"]': { background: vars.color.infoSurface, color: vars.color.info },
    '&[data-tone="neutral"]': { background: vars.color.neutralSurface, color: vars.color.neutral },
    '&[data-tone="danger"]': { background: vars.color.destructiveSurface, color: vars.color.destructive },
  },
});
