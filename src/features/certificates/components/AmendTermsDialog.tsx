import type { Certificate } from '../../../contract/certificates';
import { fieldErrorsOf } from '../../../contract/errors';
import { amendCertificateRequestSchema } from '../../../contract/license-terms';
import { LICENSE_TERMS_ERRORS, LICENSE_TERMS_TEXTS } from '../../../contract/texts/license-terms';
import { failureToast } from '../../../lib/api/call-errors';
import { useFormSubmit, type PreparedSave } from '../../../lib/forms/use-form-submit';
import { useToast } from '../../../ui';
import { useAmendCertificate } from '../api/amend-certificate';
import { CertificateActionDialog, CertificateActionForm } from './CertificateActionDialog';
import { LicenseTermsFields } from './LicenseTermsFields';

const TEXTS = LICENSE_TERMS_TEXTS.amend;

interface TermsValues {
  graceDays: number;
  fileLifetimeDays: number | null;
}

/**
 * Edit Terms (the `amend` action) of an active or distributed certificate: its grace period and licence file
 * lifetime, prefilled with its own. Both are sent, the contract's checks first, then the server's field errors on
 * their fields; the licence is signed again and the status stays. It closes on success with a toast; the page and
 * the lists reload through the mutation.
 */
export function AmendTermsDialog({
  certificate,
  onClose,
}: {
  certificate: Certificate;
  onClose: () => void;
}) {
  return (
    <CertificateActionDialog texts={TEXTS} onClose={onClose}>
      <AmendTermsForm certificate={certificate} onDone={onClose} />
    </CertificateActionDialog>
  );
}

function AmendTermsForm({ certificate, onDone }: { certificate: Certificate; onDone: () => void }) {
  const toast = useToast();
  const amend = useAmendCertificate();

  const prepare = (values: TermsValues): PreparedSave<Certificate> => {
    const parsed = amendCertificateRequestSchema.safeParse(values);
    if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error.issues) };
    return { save: () => amend(certificate.uuid, parsed.data) };
  };

  const { field, formProps } = useFormSubmit({
    initialValues: (): TermsValues => ({
      graceDays: certificate.graceDays,
      fileLifetimeDays: certificate.fileLifetimeDays,
    }),
    prepare,
    onSaved: (amended) => {
      toast.show({
        type: 'success',
        title: LICENSE_TERMS_TEXTS.toasts.amended,
        description: LICENSE_TERMS_TEXTS.toasts.amendedDescription(amended.serialNumber),
      });
      onDone();
    },
    onFailed: (caught, fieldErrors) => {
      const failure = failureToast(
        caught,
        LICENSE_TERMS_TEXTS.toasts.amendFailed,
        LICENSE_TERMS_ERRORS.amend,
      );
      toast.show(failure);
      return Object.keys(fieldErrors).length > 0 ? null : failure.description;
    },
  });

  return (
    <CertificateActionForm texts={TEXTS} certificate={certificate} onCancel={onDone} formProps={formProps}>
      <LicenseTermsFields field={field} />
    </CertificateActionForm>
  );
}
