import { style } from '@vanilla-extract/css';

/** A piece of a cell's text that must not break (a day, a time). */
export const unbroken = style({ whiteSpace: 'nowrap' });
