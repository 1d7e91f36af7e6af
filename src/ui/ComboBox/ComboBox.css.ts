import { style } from '@vanilla-extract/css';
import { inFieldButton } from '../styles/style-objects';

export const box = style({ position: 'relative', display: 'flex', alignItems: 'center' });

export const input = style({ width: '100%', paddingRight: '36px' });

export const button = style(inFieldButton);
