import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

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

export const notice = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.lg,
  maxWidth: '560px',
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const noticeActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
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
