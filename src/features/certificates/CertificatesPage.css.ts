import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { centredRow } from '../../ui/styles/style-objects';

// The page's column and the filters' toolbar are the kit's `layout` classes.

export const search = style({ flex: '1 1 280px', maxWidth: '420px' });

export const clientFilter = style({ ...centredRow(vars.space.sm), fontSize: vars.fontSize.sm });

/** A client's page: the section's heading with the list's actions beside it, wrapping when narrow. */
export const sectionHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const sectionActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
