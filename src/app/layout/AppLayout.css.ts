import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { media, SIDEBAR_WIDTH, TOP_BAR_HEIGHT } from '../../ui/styles/breakpoints';
import { column } from '../../ui/styles/style-objects';

export const shell = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
});

/** The sidebar and the page, side by side. */
export const body = style({ flex: 1, display: 'flex', alignItems: 'stretch', minWidth: 0 });

/**
 * The sidebar's column from 1024 px: it stays in view below the top bar while the page scrolls, its border running
 * the page's length.
 */
export const sidebarColumn = style({
  flexShrink: 0,
  width: `${SIDEBAR_WIDTH.expanded}px`,
  borderRight: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  selectors: { '&[data-collapsed]': { width: `${SIDEBAR_WIDTH.collapsed}px` } },
  '@media': { [media.drawer]: { display: 'none' } },
});
globalStyle(`${sidebarColumn} > nav`, {
  position: 'sticky',
  top: `${TOP_BAR_HEIGHT}px`,
  height: `calc(100vh - ${TOP_BAR_HEIGHT}px)`,
  overflowY: 'auto',
});
// Collapsed, the links' tooltips stand out beside the column: a scrolling box would clip them (the icons always fit).
globalStyle(`${sidebarColumn}[data-collapsed] > nav`, { overflowY: 'visible' });

export const main = style({
  flex: 1,
  minWidth: 0,
  maxWidth: '1280px',
  margin: '0 auto',
  padding: vars.space.xl,
  // Beside the sidebar a page keeps 16 px a side, so that at 1440 px the certificates table has the 1,190 px its
  // row buttons need (docs/adr/0022-sidebar-shell.md); a phone's page too.
  '@media': { [`${media.sidebar}, ${media.phone}`]: { padding: vars.space.lg } },
});

/** The drawer: the sidebar's panel from the left over a veil, below 1024 px. */
export const drawerOverlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 200,
  background: vars.color.overlay,
});

export const drawer = style({
  position: 'fixed',
  top: 0,
  bottom: 0,
  left: 0,
  width: `${SIDEBAR_WIDTH.expanded + 40}px`,
  maxWidth: '85vw',
  background: vars.color.surface,
  boxShadow: vars.shadow.lg,
  outline: 'none',
});

export const drawerDialog = style({ height: '100%', outline: 'none', overflowY: 'auto' });

export const drawerSidebar = style({ width: '100%', height: 'auto' });

export const drawerHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  minHeight: '56px',
  padding: `0 ${vars.space.sm} 0 ${vars.space.lg}`,
  background: vars.color.topBar,
  color: vars.color.topBarText,
});

export const drawerTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

/** The shortcuts dialog's list: keys, then what they do. */
export const shortcuts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  alignItems: 'center',
  margin: `0 0 ${vars.space.lg}`,
});

export const shortcutKeys = style({
  whiteSpace: 'nowrap',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const shortcutAction = style({ margin: 0 });

export const key = style({
  display: 'inline-block',
  minWidth: '24px',
  padding: `1px ${vars.space.xs}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderBottomWidth: '2px',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  textAlign: 'center',
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

/** The signed-in user at the head of the account menu. */
export const menuUser = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  textTransform: 'none',
  letterSpacing: 'normal',
  fontSize: vars.fontSize.sm,
});
