import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { media } from '../../ui/styles/breakpoints';
import { column, panelSurface, rowLink, text } from '../../ui/styles/style-objects';

export const panel = style({
  ...column(vars.space.md),
  padding: vars.space.lg,
  ...panelSurface,
  minWidth: 0,
});

export const panelTitle = style({ ...text.heading, margin: 0 });

/** Label and value side by side; on a phone the value goes under its label. */
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  alignItems: 'center',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
  '@media': { [media.phone]: { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: vars.space.xs } },
});

export const serial = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' });

export const notes = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export const link = style(rowLink);
