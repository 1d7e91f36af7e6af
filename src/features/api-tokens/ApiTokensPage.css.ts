import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const nameCell = style({ fontWeight: vars.fontWeight.medium });

/** A token's first characters in a list, in the secret's own (monospace) look. */
export const prefix = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });

export const expired = style({ color: vars.color.destructive, fontWeight: vars.fontWeight.medium });
