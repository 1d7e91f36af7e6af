import { style } from '@vanilla-extract/css';
import { tableContainer } from '../../../ui/styles/breakpoints';
import { rowLink } from '../../../ui/styles/style-objects';

/** A piece of a cell's text that must not break (a day, a time). */
export const unbroken = style({ whiteSpace: 'nowrap' });

/**
 * A serial number, linking to its certificate's page. Its column keeps it on one line (`noWrap`) where the table has
 * room for every row button; where the buttons collapse (`tableContainer.actions`) the table is tight, and a long
 * serial may break after a hyphen (`SN-11CFFEAA-` / `E67B70DC`, never before a digit): the bench's 20-character
 * serials on one line made the table 13 px wider than its frame at 1024 px.
 */
export const serialLink = style([
  rowLink,
  { '@container': { [tableContainer.actions]: { whiteSpace: 'normal' } } },
]);
