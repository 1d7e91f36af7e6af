import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { rowLink, text } from '../../ui/styles/style-objects';

// The page's panels and details lists are the kit's (`layout.panel`, `layout.details`).

export const link = style(rowLink);

/** The way back to the list, beside the header's buttons: as tall as them, so they line up. */
export const backLink = style([link, { display: 'inline-flex', alignItems: 'center', minHeight: '36px' }]);

export const prose = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export const users = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

export const userRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

export const userEmail = style([text.hint, { overflowWrap: 'anywhere' }]);
