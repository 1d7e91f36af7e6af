import { style } from '@vanilla-extract/css';
import { floatingList, listEntry } from '../styles/style-objects';

export const popover = style({ minWidth: '160px', ...floatingList.box });

export const menu = style(floatingList.list);

export const item = style(listEntry);
