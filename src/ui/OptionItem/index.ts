export { OptionItem, type OptionItemProps } from './OptionItem';
