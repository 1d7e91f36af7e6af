import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { text } from '../../ui/styles/style-objects';

/** An endpoint's URL: monospace, breaking anywhere so a long one never widens the table. */
export const url = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const hint = style([text.hint, { overflowWrap: 'anywhere' }]);

/** Why the dispatcher disabled an endpoint, under its badge. */
export const reason = style([text.hint, { color: vars.color.destructive, maxWidth: '28ch' }]);

export const stack = style({ display: 'grid', gap: vars.space.xs, minWidth: 0 });

export const logToolbar = style({ display: 'flex', justifyContent: 'flex-end' });

/** The reminders panel's heading with its On/Off badge beside it. */
export const panelHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

/** Send test e-mail and what it does, side by side, wrapping on a phone. */
export const testRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.sm} ${vars.space.md}`,
});
