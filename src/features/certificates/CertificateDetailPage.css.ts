import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { rowLink, text } from '../../ui/styles/style-objects';

// The page's panels and its details list are the kit's (`layout.panel`, `layout.details`).

export const serial = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' });

export const notes = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export const link = style(rowLink);

/** The way back to the list, beside the header's button: as tall as it, so the two line up. */
export const backLink = style([link, { display: 'inline-flex', alignItems: 'center', minHeight: '36px' }]);

/** The lifecycle steps under the header: full-size buttons that wrap onto more lines on a phone. */
export const actionBar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const hint = style([text.hint, { margin: 0 }]);

/** A value with badges beside it (a status and its grace end, a check-in and Overdue), wrapping on a phone. */
export const badges = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });
