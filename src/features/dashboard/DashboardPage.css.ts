import { style } from '@vanilla-extract/css';
import { focusRingStyle, vars } from '../../ui/theme.css';
import { column, panelSurface, plainList, text, wrappingRow, rowLink } from '../../ui/styles/style-objects';

// The page's column and the panels' filter row are the kit's `layout` classes.

export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 360px), 1fr))',
  gap: vars.space.lg,
  alignItems: 'start',
});

export const panel = style({
  ...column(vars.space.md),
  padding: vars.space.lg,
  ...panelSurface,
  minWidth: 0,
});

export const panelTitle = style({ margin: 0, ...text.heading });

export const panelHeader = style({
  ...wrappingRow('flex-end', vars.space.md),
  justifyContent: 'space-between',
});

export const overviewList = style({ ...plainList, display: 'flex', flexDirection: 'column' });

export const overviewRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
    '&:focus-visible': { ...focusRingStyle, outlineOffset: '1px' },
  },
});

export const overviewCount = style({ fontWeight: vars.fontWeight.semibold });

/** An expiring row's serial number and a recent activity: links to the certificate's page. */
export const serialLink = style({
  ...rowLink,
});

export const hint = style({ margin: 0, ...text.hint });

/** Needs Attention: the count and what it means, then the first few by name. */
export const attentionSummary = style(column(vars.space.xs));

export const attentionCount = style({ margin: 0, fontWeight: vars.fontWeight.semibold });

export const attentionList = style({ ...plainList, ...column(vars.space.xs) });

/** One overdue certificate: its serial (a link), client and last check-in, wrapping on a phone. */
export const attentionRow = style({
  ...wrappingRow('center', vars.space.md),
  padding: `${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
