import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { centredRow, column, plainList, wrappingRow } from '../../ui/styles/style-objects';

export const setup = style(column(vars.space.lg));

export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/**
 * The QR code on a white square whatever the theme: authenticator apps read dark modules on a light ground, and a
 * quiet zone around it.
 */
export const qr = style({
  alignSelf: 'center',
  width: '184px',
  height: '184px',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: '#ffffff',
  display: 'grid',
  placeItems: 'center',
});

export const qrImage = style({ width: '100%', height: '100%', imageRendering: 'pixelated' });

/** The key typed by hand: monospace, in groups of four, selectable at once. */
export const secret = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  letterSpacing: '0.05em',
  // Wraps between groups of four, never inside one.
  overflowWrap: 'anywhere',
  userSelect: 'all',
});

export const secretBlock = style(column(vars.space.xs));

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });

/** Ten recovery codes in two columns (one on a phone), monospace. */
export const codes = style({
  ...plainList,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.md,
});

export const actions = style(wrappingRow('center', vars.space.sm));

export const notice = style({ ...centredRow(vars.space.sm), margin: 0, fontSize: vars.fontSize.sm });

/** The code's button, as wide as the form. */
export const submitRow = style({ display: 'flex', flexDirection: 'column' });
