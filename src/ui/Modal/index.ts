export { Modal, type ModalProps, type OpenState } from './Modal';
export { DialogTrigger } from 'react-aria-components';
