import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { column } from '../../ui/styles/style-objects';

export const shell = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
});

export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: '1280px',
  margin: '0 auto',
  padding: vars.space.xl,
});

export const fullPage = style({
  minHeight: '100vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});

/** A page that only says something (no access, not found), with its buttons in the kit's `layout.actions`. */
export const notice = style({
  ...column(vars.space.lg),
  alignItems: 'flex-start',
  maxWidth: '560px',
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const skipLink = style({
  position: 'absolute',
  left: vars.space.sm,
  top: '-48px',
  padding: vars.space.sm,
  background: vars.color.surface,
  color: vars.color.text,
  zIndex: 300,
  selectors: { '&:focus': { top: vars.space.sm } },
});

/** The Menu's navigation: its groups one under the other. */
export const menuNavigation = style({ ...column(vars.space.lg) });

/** The signed-in user at the head of the Menu's account group. */
export const menuUser = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  textTransform: 'none',
  letterSpacing: 'normal',
  fontSize: vars.fontSize.sm,
});
