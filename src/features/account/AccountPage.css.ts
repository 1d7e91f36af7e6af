import { globalStyle, style } from '@vanilla-extract/css';
import { layout } from '../../ui/styles';
import { focusRingStyle, vars } from '../../ui/theme.css';
import {
  centredRow,
  column,
  pill,
  plainList,
  text,
  toneColours,
  wrappingRow,
} from '../../ui/styles/style-objects';

// The page's column is the kit's `layout.page`; the details and the sessions are panels on it.

export const panel = layout.panel;

/** A panel's heading and description, with its action beside them (under them on a phone). */
export const panelHeader = style({
  ...wrappingRow('flex-end', vars.space.md),
  justifyContent: 'space-between',
});

export const panelIntro = style({ ...column(vars.space.xs), flex: '1 1 320px', minWidth: 0 });

export const panelTitle = layout.panelTitle;

/** The sessions' heading, where focus lands after a sign-out: its ring hugs the word, not the panel's width. */
export const sessionsTitle = style([
  panelTitle,
  {
    alignSelf: 'flex-start',
    borderRadius: vars.radius.sm,
    selectors: { '&:focus-visible': focusRingStyle },
  },
]);

export const hint = style(text.hint);

/** Change password and what it does to the other sessions, side by side, wrapping on a phone. */
export const passwordRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.sm} ${vars.space.md}`,
});

/** The user's name, email and role. */
export const details = layout.details;

export const sessionList = style({ ...plainList, ...column(vars.space.sm) });

/** One session: what it is on the left, its Sign out button on the right (under it on a phone). */
export const session = style({
  ...wrappingRow('center', vars.space.md),
  justifyContent: 'space-between',
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  selectors: { '&[data-current]': { background: vars.color.surfaceMuted } },
});

export const sessionMain = style({ ...column(vars.space.xs), flex: '1 1 280px', minWidth: 0 });

export const sessionTitle = style({
  ...centredRow(vars.space.sm),
  flexWrap: 'wrap',
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const thisDevice = style({ ...pill, selectors: toneColours });

/** Address, signed in, last used: label and value pairs in a line that wraps. */
export const facts = style({
  ...wrappingRow('center', `${vars.space.xs} ${vars.space.lg}`),
  margin: 0,
  fontSize: vars.fontSize.sm,
});

globalStyle(`${facts} > div`, { display: 'flex', gap: vars.space.xs, minWidth: 0 });
globalStyle(`${facts} dt`, { color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' });

/** The time zone choice: as wide as its longest option needs, never wider than the panel. */
export const timeZoneField = style({ width: '100%', maxWidth: '420px' });
