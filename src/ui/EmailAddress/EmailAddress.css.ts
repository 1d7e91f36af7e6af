import { style } from '@vanilla-extract/css';

/**
 * Breaking anywhere is the last resort: the `<wbr>`s come first. It also lowers the narrowest width the address asks
 * of a table column to one character, so a table's layout can always fit the column to its frame.
 */
export const address = style({ overflowWrap: 'anywhere' });
