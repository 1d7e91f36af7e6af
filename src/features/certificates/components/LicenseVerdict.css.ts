import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';
import { column } from '../../../ui/styles/style-objects';

export const verdict = style({
  ...column(vars.space.xs),
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
