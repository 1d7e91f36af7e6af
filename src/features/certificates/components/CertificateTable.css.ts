import { style } from '@vanilla-extract/css';
import { tableContainer } from '../../../ui/styles/breakpoints';
import { column, rowLink, text } from '../../../ui/styles/style-objects';
import { vars } from '../../../ui/theme.css';

/** A piece of a cell's text that must not break (a day, a time). */
export const unbroken = style({ whiteSpace: 'nowrap' });

/**
 * A serial number, linking to its certificate's page, on one line (its column is `noWrap`). A long one
 * (`data-long`, see `LONG_SERIAL`) may break after a hyphen (`SN-11CFFEAA-` / `E67B70DC`, never before a digit) where
 * the row buttons have collapsed and the table is tight: the bench's 20-character serials on one line made the table
 * 13 px wider than its frame at 1024 px. Short ones never break: a column whose every serial may break is one the
 * table's automatic layout narrows first, and it split `NW-ACTIVE-0002` over two lines where it fitted on one.
 */
export const serialLink = style([
  rowLink,
  {
    '@container': {
      [tableContainer.actions]: { selectors: { '&[data-long]': { whiteSpace: 'normal' } } },
    },
  },
]);

/** The Last Used cell: the last use, then the last check-in's day or its overdue badge. */
export const lastUsed = style({ ...column(vars.space.xs), alignItems: 'flex-start' });

export const checkIn = style([text.hint, { whiteSpace: 'nowrap' }]);
