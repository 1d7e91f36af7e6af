import { style } from '@vanilla-extract/css';
import { rowLink } from '../../../ui/styles/style-objects';

/** A piece of a cell's text that must not break (a day, a time). */
export const unbroken = style({ whiteSpace: 'nowrap' });

/** A serial number, linking to its certificate's page. */
export const serialLink = style(rowLink);
