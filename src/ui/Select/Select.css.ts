import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { ellipsis, popoverSurface, rowApart, text } from '../styles/style-objects';

export const trigger = style({
  ...rowApart(vars.space.sm),
  width: '100%',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&[data-focus-visible]': {
      borderColor: vars.color.focusRing,
      boxShadow: `0 0 0 1px ${vars.color.focusRing}`,
    },
    '&[data-pressed]': { borderColor: vars.color.focusRing },
  },
});

// react-aria marks the Select itself invalid, not its button: the border says so like a text field's.
globalStyle(`[data-invalid] > ${trigger}`, { borderColor: vars.color.destructive });

export const value = style({
  ...ellipsis,
  selectors: { '&[data-placeholder]': { color: vars.color.textMuted } },
});

export const chevron = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** The list that opens under a Select or ComboBox. */
export const popover = style({
  minWidth: 'var(--trigger-width)',
  maxHeight: '320px',
  overflow: 'auto',
  ...popoverSurface(vars.shadow.md),
  outline: 'none',
});

export const listBox = style({
  padding: vars.space.xs,
  outline: 'none',
});

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused]': { background: vars.color.secondary, color: vars.color.secondaryText },
    '&[data-selected]': { fontWeight: vars.fontWeight.semibold },
    '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

/** The check mark of the selected option, pushed to the row's end. */
export const optionCheck = style({ display: 'inline-flex', marginLeft: 'auto' });

export const emptyOptions = style({ padding: `${vars.space.sm} ${vars.space.md}`, ...text.hint });
