export { ChangeText, type ChangeTextProps } from './ChangeText';
