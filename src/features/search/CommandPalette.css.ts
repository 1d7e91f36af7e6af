import { style } from '@vanilla-extract/css';
import { focusRingStyle, vars, visuallyHiddenStyle } from '../../ui/theme.css';
import { media } from '../../ui/styles/breakpoints';
import { centredRow, column, ellipsis, listEntry, text } from '../../ui/styles/style-objects';

// A wider dialog than the kit's Modal, near the top of the window where the eye already is: the list under the field
// grows and shrinks as the user types, and a centred dialog would jump with it. A sheet over the whole phone.

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 100,
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  padding: `12vh ${vars.space.lg} ${vars.space.lg}`,
  background: vars.color.overlay,
  '@media': { [media.phone]: { padding: 0 } },
});

/**
 * The dialog scrolls as a whole, its field and footer held at its edges (sticky): the scrolling box then holds the
 * field and buttons a keyboard reaches (axe's scrollable-region-focusable; the list itself takes no focus, its active
 * option is the field's). The scroll padding keeps the option the arrows reach clear of the field and the footer.
 */
export const modal = style({
  width: '100%',
  maxWidth: '640px',
  maxHeight: 'calc(88vh - 16px)',
  overflowY: 'auto',
  scrollPaddingTop: '58px',
  scrollPaddingBottom: '40px',
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.lg,
  '@media': { [media.phone]: { maxWidth: 'none', height: '100%', maxHeight: '100dvh', borderRadius: 0 } },
});

export const dialog = style({ outline: 'none' });

export const visuallyHidden = style(visuallyHiddenStyle);

export const inputRow = style({
  ...centredRow(vars.space.sm),
  position: 'sticky',
  top: 0,
  zIndex: 1,
  background: vars.color.surface,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  // The field has the focus the whole time; its row says so with the focus colour.
  selectors: { '&:focus-within': { boxShadow: `inset 0 -2px 0 ${vars.color.focusRing}` } },
});

export const inputIcon = style({ display: 'inline-flex', color: vars.color.textMuted });

export const field = style({ display: 'flex', flex: 1, minWidth: 0 });

export const input = style({
  flex: 1,
  minWidth: 0,
  minHeight: '40px',
  padding: 0,
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.md,
  outline: 'none',
  selectors: { '&::placeholder': { color: vars.color.textMuted, opacity: 1 } },
});

export const close = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '32px',
  height: '32px',
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.secondary, color: vars.color.secondaryText },
    '&[data-focus-visible]': focusRingStyle,
  },
});

export const error = style({ padding: `${vars.space.md} ${vars.space.lg} 0` });

export const list = style({ padding: vars.space.sm, outline: 'none' });

export const section = style({ selectors: { '& + &': { marginTop: vars.space.sm } } });

export const sectionTitle = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});

export const entry = style({
  ...listEntry,
  gap: vars.space.md,
  minHeight: '44px',
  // Scrolled up to, a section's first option shows its section's title above it.
  scrollMarginTop: '28px',
  selectors: {
    ...listEntry.selectors,
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});

export const entryIcon = style({ display: 'inline-flex', flexShrink: 0, color: vars.color.textMuted });

export const entryText = style({ ...column('2px'), flex: 1, minWidth: 0 });

export const entryLabel = style({
  ...ellipsis,
  fontWeight: vars.fontWeight.medium,
  selectors: { '&[data-serial]': { fontFamily: vars.font.mono } },
});

export const entryDetail = style({
  ...centredRow(vars.space.sm),
  minWidth: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const entryDetailText = style({ ...ellipsis, minWidth: 0 });

export const empty = style({
  ...text.hint,
  padding: `${vars.space.xl} ${vars.space.lg}`,
  textAlign: 'center',
});

export const footer = style({
  ...centredRow(vars.space.lg),
  position: 'sticky',
  bottom: 0,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  '@media': { [media.phone]: { display: 'none' } },
});

export const hint = style(centredRow(vars.space.xs));

export const key = style({
  padding: '0 5px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
});
