import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
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
});

export const modal = style({
  width: '100%',
  maxWidth: '480px',
  maxHeight: 'calc(100vh - 32px)',
  overflow: 'auto',
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.lg,
});

export const dialog = style({ ...column(vars.space.lg), padding: vars.space.xl, outline: 'none' });

export const heading = style(text.heading);
