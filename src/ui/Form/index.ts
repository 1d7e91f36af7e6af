export { Form, FormActions, type FormProps } from './Form';
export { FormButtons, type FormButtonsProps } from './FormButtons';
export { DialogForm, type DialogFormProps } from './DialogForm';
