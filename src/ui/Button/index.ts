export { Button, LinkButton, type ButtonProps, type ButtonVariant } from './Button';
