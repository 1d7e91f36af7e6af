import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';
import { column, plainList, text, wrappingRow } from '../../../ui/styles/style-objects';

// A line down the left with a dot per entry: the order reads at a glance, newest at the top.
export const timeline = style({ ...plainList, ...column(vars.space.md), position: 'relative' });

export const entry = style({
  ...column(vars.space.xs),
  position: 'relative',
  paddingInlineStart: vars.space.lg,
  borderInlineStart: `2px solid ${vars.color.border}`,
  '::before': {
    content: '""',
    position: 'absolute',
    insetInlineStart: '-6px',
    top: '6px',
    width: '10px',
    height: '10px',
    borderRadius: vars.radius.full,
    background: vars.color.primary,
  },
});

export const head = style(wrappingRow('center', vars.space.sm));

export const time = style(text.hint);

export const description = style({ margin: 0, overflowWrap: 'anywhere' });

export const actor = style({ ...text.hint, margin: 0 });

export const empty = style({ ...text.hint, margin: 0 });
