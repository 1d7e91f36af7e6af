import { globalStyle, style } from '@vanilla-extract/css';
import { focusRingStyle, vars } from '../theme.css';
import { SIDEBAR_WIDTH } from '../styles/breakpoints';
import { column, plainList, visuallyHidden } from '../styles/style-objects';

export const sidebar = style({
  ...column(vars.space.lg),
  boxSizing: 'border-box',
  width: `${SIDEBAR_WIDTH.expanded}px`,
  height: '100%',
  padding: `${vars.space.lg} ${vars.space.sm}`,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: { '&[data-collapsed]': { width: `${SIDEBAR_WIDTH.collapsed}px` } },
});

export const group = style({
  ...column(vars.space.xs),
  // Collapsed, a rule between the groups stands for their hidden titles.
  selectors: {
    [`${sidebar}[data-collapsed] & + &`]: {
      paddingTop: vars.space.lg,
      borderTop: `1px solid ${vars.color.border}`,
    },
  },
});

export const groupTitle = style({
  padding: `0 ${vars.space.sm}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  selectors: { [`${sidebar}[data-collapsed] &`]: visuallyHidden },
});

export const list = style({ ...plainList, ...column('2px') });

export const link = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: '40px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  outline: 'none',
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceMuted },
    '&[data-focus-visible]': { ...focusRingStyle, outlineOffset: '-2px' },
    '&[aria-current="page"]': {
      background: vars.color.infoSurface,
      color: vars.color.primary,
      fontWeight: vars.fontWeight.semibold,
    },
    // A bar at the edge marks the current page where colour alone would not.
    '&[aria-current="page"]::before': {
      content: '""',
      position: 'absolute',
      left: 0,
      top: '8px',
      bottom: '8px',
      width: '3px',
      borderRadius: vars.radius.full,
      background: vars.color.primary,
    },
    [`${sidebar}[data-collapsed] &`]: { justifyContent: 'center', padding: 0 },
  },
});

export const icon = style({ display: 'inline-flex', flexShrink: 0, fontSize: '18px' });

export const label = style({
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

/**
 * Collapsed, a link's label is its tooltip: out of sight (but still its accessible name) until the link is pointed
 * at or focused, then a bubble beside the icon.
 */
const tooltip = {
  position: 'absolute',
  left: `calc(100% + ${vars.space.sm})`,
  top: '50%',
  transform: 'translateY(-50%)',
  zIndex: 50,
  width: 'auto',
  height: 'auto',
  clip: 'auto',
  overflow: 'visible',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.topBar,
  color: vars.color.topBarText,
  fontWeight: vars.fontWeight.medium,
  boxShadow: vars.shadow.md,
  pointerEvents: 'none',
} as const;
globalStyle(`${sidebar}[data-collapsed] ${label}`, visuallyHidden);
globalStyle(
  `${sidebar}[data-collapsed] ${link}[data-hovered] ${label}, ${sidebar}[data-collapsed] ${link}[data-focus-visible] ${label}`,
  tooltip,
);

export const footer = style({ marginTop: 'auto' });

export const toggle = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  minHeight: '40px',
  padding: `0 ${vars.space.md}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.textMuted,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceMuted, color: vars.color.text },
    '&[data-focus-visible]': { ...focusRingStyle, outlineOffset: '-2px' },
    [`${sidebar}[data-collapsed] &`]: { justifyContent: 'center', padding: 0 },
  },
});
globalStyle(`${sidebar}[data-collapsed] ${toggle} ${label}`, visuallyHidden);
globalStyle(
  `${sidebar}[data-collapsed] ${toggle}[data-hovered] ${label}, ${sidebar}[data-collapsed] ${toggle}[data-focus-visible] ${label}`,
  tooltip,
);
