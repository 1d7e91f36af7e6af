import { focusRingStyle, vars } from '../theme.css';

// Declarations the kit's styles share, spread into their `style({...})`: one home for each look,
// whose values are the design tokens of theme.css.ts.

/** Children in a column, `gap` apart. */
export const column = (gap: string) => ({ display: 'flex', flexDirection: 'column', gap }) as const;

/** Children in a row, centred across it, `gap` apart. */
export const centredRow = (gap: string) => ({ display: 'flex', alignItems: 'center', gap }) as const;

/** Children in a row at its two ends (a title and its actions), centred across it. */
export const rowApart = (gap: string) => ({ ...centredRow(gap), justifyContent: 'space-between' }) as const;

/** Children in a row that wraps onto more lines on a narrow screen, lined up across it by `alignItems`. */
export const wrappingRow = (alignItems: 'center' | 'flex-end', gap: string) =>
  ({ display: 'flex', flexWrap: 'wrap', alignItems, gap }) as const;

/** A list without bullets or indent. */
export const plainList = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** A bordered card on the page (a table, a dashboard panel, a counter). */
export const panelSurface = {
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
} as const;

/** What floats over the page (a select's list, a calendar), `shadow` deep. */
export const popoverSurface = (shadow: string) =>
  ({
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    background: vars.color.surface,
    boxShadow: shadow,
  }) as const;

/** A link in a table row (a client's name, a serial number, what an activity is about): primary and underlined. */
export const rowLink = {
  color: vars.color.primary,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:hover': { color: vars.color.primaryHover },
    '&:focus-visible': focusRingStyle,
  },
} as const;

/** Out of sight but still read by screen readers (a table header that a card layout does not show). */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** A list floating over the page (a select's options, a menu), scrolling past 320 px; `list` is its inner list. */
export const floatingList = {
  box: { maxHeight: '320px', overflow: 'auto', ...popoverSurface(vars.shadow.md), outline: 'none' },
  list: { padding: vars.space.xs, outline: 'none' },
} as const;

/** An entry of a floating list (a select's option, a menu's item): highlighted while focused, dimmed if disabled. */
export const listEntry = {
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
    '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
  },
} as const;

/** Text cut with an ellipsis where its box ends. */
export const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** The focus ring drawn inside its element, where an outside one would be clipped (table cells). */
export const insetFocusRing = { ...focusRingStyle, outlineOffset: '-2px' } as const;

/** Typography of the kit. */
export const text = {
  /** A page's title, and a big figure. */
  title: { fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold, lineHeight: vars.lineHeight.tight },
  /** A dialog's or panel's heading. */
  heading: { fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold },
  /** A label above or beside what it names. */
  label: { fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium },
  /** Small secondary text: a hint, a summary. */
  hint: { fontSize: vars.fontSize.sm, color: vars.color.textMuted },
} as const;

/** The box of a text control (an input, a select's button): the border meets 3:1 (WCAG 1.4.11). */
export const controlBox = {
  minHeight: '38px',
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.md,
  outline: 'none',
} as const;

/** A control's border while it has focus, and while it is invalid (which wins). */
export const controlStates = {
  '&[data-focused]': { borderColor: vars.color.focusRing, boxShadow: `0 0 0 1px ${vars.color.focusRing}` },
  '&[data-invalid]': { borderColor: vars.color.destructive },
} as const;

/** A borderless button in muted text that lights up under the pointer (a toast's close). */
export const quietButton = {
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.secondary, color: vars.color.text },
    '&[data-focus-visible]': focusRingStyle,
  },
} as const;

/** A quiet button sitting inside a field, at its end (a combo box's opener, a search box's clear). */
export const inFieldButton = {
  position: 'absolute',
  right: vars.space.xs,
  width: '28px',
  height: '28px',
  borderRadius: vars.radius.sm,
  ...quietButton,
} as const;

/** The pill of a badge; its colours come from `data-tone` (toneColours). */
export const pill = {
  display: 'inline-flex',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.normal,
  whiteSpace: 'nowrap',
} as const;

/** The badge of an upper-case word (a role, a status): letter-spaced, with room for a border. */
export const wordBadge = {
  ...pill,
  alignItems: 'center',
  border: '1px solid transparent',
  letterSpacing: '0.04em',
} as const;

/** The tones a badge takes from its `data-tone`: a light surface with its text colour. */
export const toneColours = {
  '&[data-tone="success"]': { background: vars.color.successSurface, color: vars.color.success },
  '&[data-tone="warning"]': { background: vars.color.warningSurface, color: vars.color.warning },
  '&[data-tone="info"]': { background: vars.color.infoSurface, color: vars.color.info },
  '&[data-tone="neutral"]': { background: vars.color.neutralSurface, color: vars.color.neutral },
  '&[data-tone="danger"]': { background: vars.color.destructiveSurface, color: vars.color.destructive },
} as const;
