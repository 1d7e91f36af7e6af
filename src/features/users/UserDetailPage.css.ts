import { style } from '@vanilla-extract/css';
import { rowLink } from '../../ui/styles/style-objects';

// The page's panels and its details list are the kit's (`layout.panel`, `layout.details`).

/** The way back to the list, beside the header's buttons: as tall as they are, so they line up. */
export const backLink = style([rowLink, { display: 'inline-flex', alignItems: 'center', minHeight: '36px' }]);
