import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** Search (and filters) above the table; wraps under each other on a phone. */
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
});

export const search = style({
  flex: '1 1 240px',
  maxWidth: '420px',
  minWidth: 0,
});

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
});

export const nameCell = style({
  fontWeight: vars.fontWeight.medium,
});

export const muted = style({
  color: vars.color.textMuted,
});

export const stack = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
});
