import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const fileRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

/** The native picker stays out of sight: the kit's button opens it. */
export const fileInput = style({ display: 'none' });

export const fileName = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const verdict = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: '1px solid',
  selectors: {
    '&[data-valid="true"]': { background: vars.color.successSurface, borderColor: vars.color.success },
    '&[data-valid="false"]': {
      background: vars.color.destructiveSurface,
      borderColor: vars.color.destructive,
    },
  },
});

export const verdictTitle = style({ fontWeight: vars.fontWeight.semibold });

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

globalStyle(`${details} dd`, { margin: 0 });
