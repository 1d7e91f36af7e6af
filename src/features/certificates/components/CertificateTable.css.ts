import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

/** A piece of a cell's text that must not break (a day, a time). */
export const unbroken = style({ whiteSpace: 'nowrap' });

/**
 * A row's buttons: on one line when the table has room; when it has not (an active row has five since issue 19),
 * History moves under the others instead of the last buttons leaving the table's view. The least width keeps the
 * lifecycle's four steps on the first line.
 */
export const rowActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: '18.5rem',
});
