import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';
import { controlBox, controlStates, popoverSurface, text } from '../../../ui/styles/style-objects';

// The picker's own control and list; its label, error and column come from the kit's Field.
export const control = style({ position: 'relative', display: 'flex' });

export const input = style({
  flex: 1,
  ...controlBox,
  padding: `0 40px 0 ${vars.space.md}`,
  selectors: controlStates,
});

export const button = style({
  position: 'absolute',
  right: 0,
  top: 0,
  bottom: 0,
  width: '36px',
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
});

export const popover = style({
  width: 'var(--trigger-width)',
  maxHeight: '240px',
  overflow: 'auto',
  ...popoverSurface(vars.shadow.lg),
});

export const listBox = style({ outline: 'none', padding: vars.space.xs });

export const option = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused]': { background: vars.color.surfaceMuted },
    '&[data-selected]': { fontWeight: vars.fontWeight.semibold },
  },
});

export const empty = style({ padding: vars.space.md, ...text.hint });
