import { style } from '@vanilla-extract/css';
import { pill, toneColours } from '../../../ui/styles/style-objects';

/** A pill beside a status or a check-in: the warning tone for an overdue check-in, info for a running grace. */
export const badge = style({ ...pill, selectors: toneColours });
