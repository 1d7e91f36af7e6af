import { style } from '@vanilla-extract/css';
import { visuallyHiddenStyle } from '../theme.css';

export const arrow = style({ display: 'inline-flex', verticalAlign: '-0.125em' });

export const spoken = style(visuallyHiddenStyle);
