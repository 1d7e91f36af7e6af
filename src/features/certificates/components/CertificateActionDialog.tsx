import type { ReactNode } from 'react';
import type { Certificate } from '../../../contract/certificates';
import { DialogForm, Modal, type DialogFormProps } from '../../../ui';

/** The texts of a certificate action that asks for details (renew, transfer): its title, message and buttons. */
export interface CertificateActionTexts {
  title: string;
  message: (serialNumber: string) => string;
  cancel: string;
  confirm: string;
  confirming: string;
}

/**
 * The modal of such an action. The form is its child, so the form's state starts afresh each time the modal opens;
 * Escape, the backdrop and Cancel all close it through `onClose`.
 */
export function CertificateActionDialog({
  texts,
  onClose,
  children,
}: {
  texts: CertificateActionTexts;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal title={texts.title} isOpen onOpenChange={(open) => !open && onClose()}>
      {children}
    </Modal>
  );
}

/** The form of such an action: the message naming the certificate, the action's fields, then Cancel and confirm. */
export function CertificateActionForm({
  texts,
  certificate,
  onCancel,
  formProps,
  children,
}: {
  texts: CertificateActionTexts;
  certificate: Certificate;
  onCancel: () => void;
  formProps: Pick<DialogFormProps, 'onSubmit' | 'validationErrors' | 'error' | 'isSubmitting'>;
  children: ReactNode;
}) {
  return (
    <DialogForm
      {...formProps}
      aria-label={texts.title}
      cancelLabel={texts.cancel}
      onCancel={onCancel}
      submitLabel={texts.confirm}
      pendingLabel={texts.confirming}
    >
      <p>{texts.message(certificate.serialNumber)}</p>
      {children}
    </DialogForm>
  );
}
