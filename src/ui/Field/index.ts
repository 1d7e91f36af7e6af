export { Field, type FieldProps, type FieldTexts } from './Field';
export * as fieldStyles from './Field.css';
