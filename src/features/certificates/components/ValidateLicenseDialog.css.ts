import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';
import { centredRow, text } from '../../../ui/styles/style-objects';

export const fileRow = style(centredRow(vars.space.sm));

/** The native picker stays out of sight: the kit's button opens it. */
export const fileInput = style({ display: 'none' });

export const fileName = style(text.hint);
