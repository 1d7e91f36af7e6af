import { transferCertificateRequestSchema, type Certificate } from '../../../contract/certificates';
import { fieldErrorsOf } from '../../../contract/errors';
import { CERTIFICATE_ERRORS, CERTIFICATES_TEXTS } from '../../../contract/ui-texts';
import { reportSaveFailure, useFormSubmit, type PreparedSave } from '../../../lib/forms/use-form-submit';
import { TextArea, TextField, useToast } from '../../../ui';
import { CertificateActionDialog, CertificateActionForm } from './CertificateActionDialog';
import { useTransferCertificate } from '../api/transfer-certificate';

const TEXTS = CERTIFICATES_TEXTS.transfer;

/**
 * Move a licence to another machine: the new serial number and an optional reason. The server's refusals
 * (the same serial, an invalid one, one whose live certificate overlaps) land on the serial number field; the toast
 * names the new certificate. The old row reads revoked once the lists reload.
 */
export function TransferDialog({ certificate, onClose }: { certificate: Certificate; onClose: () => void }) {
  return (
    <CertificateActionDialog texts={TEXTS} onClose={onClose}>
      <TransferForm certificate={certificate} onDone={onClose} />
    </CertificateActionDialog>
  );
}

function TransferForm({ certificate, onDone }: { certificate: Certificate; onDone: () => void }) {
  const toast = useToast();
  const transfer = useTransferCertificate();

  const prepare = (values: { serialNumber: string; reason: string }): PreparedSave<Certificate> => {
    const parsed = transferCertificateRequestSchema.safeParse(values);
    if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error.issues) };
    return { save: () => transfer(certificate.uuid, parsed.data) };
  };

  const { field, formProps } = useFormSubmit({
    initialValues: () => ({ serialNumber: '', reason: '' }),
    prepare,
    onSaved: (moved) => {
      const { transferred, transferredDescription } = CERTIFICATES_TEXTS.toasts;
      toast.show({
        type: 'success',
        title: transferred,
        description: transferredDescription(certificate.serialNumber, moved.serialNumber),
      });
      onDone();
    },
    onFailed: (caught, fieldErrors) =>
      reportSaveFailure(toast, caught, fieldErrors, {
        title: CERTIFICATES_TEXTS.toasts.transferFailed,
        description: CERTIFICATE_ERRORS.transfer,
      }),
  });

  return (
    <CertificateActionForm texts={TEXTS} certificate={certificate} onCancel={onDone} formProps={formProps}>
      <TextField label={TEXTS.serialNumber} {...field('serialNumber')} isRequired autoFocus />
      <TextArea label={TEXTS.reason} {...field('reason')} rows={2} />
    </CertificateActionForm>
  );
}
