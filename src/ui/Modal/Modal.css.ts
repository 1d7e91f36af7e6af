import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { media } from '../styles/breakpoints';
import { column, text } from '../styles/style-objects';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 100,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.lg,
  background: vars.color.overlay,
  '@media': { [media.phone]: { padding: 0 } },
});

export const modal = style({
  width: '100%',
  maxWidth: '480px',
  maxHeight: 'calc(100vh - 32px)',
  overflow: 'auto',
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.lg,
  selectors: { '&[data-size="lg"]': { maxWidth: '960px' } },
  // On a phone a dialog is a sheet over the whole screen: no margin lost around it, one scroll.
  '@media': {
    [media.phone]: {
      maxWidth: 'none',
      height: '100%',
      maxHeight: '100dvh',
      borderRadius: 0,
      selectors: { '&[data-size="lg"]': { maxWidth: 'none' } },
    },
  },
});

export const dialog = style({
  ...column(vars.space.lg),
  padding: vars.space.xl,
  outline: 'none',
  '@media': { [media.phone]: { padding: vars.space.lg } },
});

export const heading = style(text.heading);
