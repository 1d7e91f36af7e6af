import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { ellipsis, floatingList, listEntry, rowApart, text } from '../styles/style-objects';

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
    // Open, the trigger keeps the pressed look: whether the press was still on when the list opened is a matter of
    // milliseconds, and the open list should not look different for it. Nor whether the pointer still rests on it:
    // the hovered border (Field's `input`) must not win by stylesheet order, so the open state names it too.
    '&[data-pressed], &[aria-expanded="true"], &[aria-expanded="true"][data-hovered]': {
      borderColor: vars.color.focusRing,
    },
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
export const popover = style({ minWidth: 'var(--trigger-width)', ...floatingList.box });

export const listBox = style(floatingList.list);

export const option = style({
  ...listEntry,
  selectors: { ...listEntry.selectors, '&[data-selected]': { fontWeight: vars.fontWeight.semibold } },
});

/** The check mark of the selected option, pushed to the row's end. */
export const optionCheck = style({ display: 'inline-flex', marginLeft: 'auto' });

export const emptyOptions = style({ padding: `${vars.space.sm} ${vars.space.md}`, ...text.hint });
