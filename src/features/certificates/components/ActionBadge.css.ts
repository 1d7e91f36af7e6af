import { style } from '@vanilla-extract/css';
import type { HistoryAction } from '../../../contract/certificates';
import { pill, toneColours } from '../../../ui/styles/style-objects';

type Tone = 'success' | 'warning' | 'info' | 'neutral' | 'danger';

/** Lifecycle steps in the colours of the statuses they lead to. */
export const ACTION_TONE: Record<HistoryAction, Tone> = {
  created: 'warning',
  updated: 'neutral',
  activated: 'success',
  renewed: 'success',
  downloaded: 'info',
  used: 'neutral',
  // The licensed software reporting from its machine: the tone of a licence out on one (distributed).
  'checked-in': 'info',
  expired: 'neutral',
  revoked: 'danger',
};

export const badge = style({ ...pill, selectors: toneColours });
