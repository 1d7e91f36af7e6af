import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { centredRow } from '../../ui/styles/style-objects';

// The page's column and the filters' toolbar are the kit's `layout` classes.

export const search = style({ flex: '1 1 280px', maxWidth: '420px' });

export const clientFilter = style({ ...centredRow(vars.space.sm), fontSize: vars.fontSize.sm });
