import { style } from '@vanilla-extract/css';
import { focusRingStyle, vars } from '../theme.css';
import { column, quietButton, text } from '../styles/style-objects';

export const region = style({
  position: 'fixed',
  right: vars.space.lg,
  bottom: vars.space.lg,
  zIndex: 200,
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space.sm,
  outline: 'none',
  selectors: { '&[data-focus-visible]': focusRingStyle },
});

export const toast = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  width: '360px',
  maxWidth: 'calc(100vw - 32px)',
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  borderLeftWidth: '4px',
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.md,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': focusRingStyle,
    '&[data-type="success"]': { borderLeftColor: vars.color.success },
    '&[data-type="destructive"]': {
      borderLeftColor: vars.color.destructive,
      background: vars.color.destructiveSurface,
    },
    '&[data-type="warning"]': { borderLeftColor: vars.color.warning, background: vars.color.warningSurface },
    '&[data-type="default"]': { borderLeftColor: vars.color.primary },
  },
});

export const content = style({ ...column(vars.space.xs), flex: 1 });

export const title = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const description = style(text.hint);

export const close = style({
  ...quietButton,
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
});

/** The toast's own action (Undo): a small outlined button in the toast's colours. */
export const action = style({
  ...quietButton,
  alignSelf: 'center',
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: '1px solid currentColor',
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});
