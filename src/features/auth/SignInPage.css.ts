import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { column, text } from '../../ui/styles/style-objects';

export const page = style({
  minHeight: '100vh',
  ...column(vars.space.lg),
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.lg,
});

export const product = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.textMuted,
});

export const card = style({
  width: '100%',
  maxWidth: '400px',
  ...column(vars.space.xl),
  padding: vars.space.xxl,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.md,
});

export const heading = style(column(vars.space.xs));

/** Where the form will be, about its height, so the card does not jump when the form arrives. */
export const methodsPending = style({
  minHeight: '12rem',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});

export const title = style(text.title);

export const subtitle = style(text.hint);

export const submitRow = style({
  display: 'flex',
  flexDirection: 'column',
});

/** Single sign-on above the password form, and the 'or' between them. */
export const sso = style(column(vars.space.lg));
globalStyle(`${sso} > a`, { width: '100%' });

export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  margin: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  selectors: {
    '&::before, &::after': { content: '""', flex: 1, borderTop: `1px solid ${vars.color.border}` },
  },
});

/** The second step's way back to the password form. */
export const backRow = style({ display: 'flex', justifyContent: 'center' });
