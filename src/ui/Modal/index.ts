export { Modal, type ModalProps } from './Modal';
export { DialogTrigger } from 'react-aria-components';
