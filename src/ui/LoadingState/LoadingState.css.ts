import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const container = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  padding: vars.space.xxl,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  selectors: {
    '&[data-size="inline"]': {
      display: 'inline-flex',
      padding: 0,
      gap: vars.space.sm,
      fontSize: vars.fontSize.sm,
    },
  },
});

export const spinner = style({
  width: '20px',
  height: '20px',
  border: `3px solid ${vars.color.secondary}`,
  borderTopColor: vars.color.primary,
  borderRadius: vars.radius.full,
  animation: `${spin} 800ms linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
