import { useState } from 'react';
import type { Certificate } from '../../../contract/certificates';
import { CERTIFICATE_ERRORS, CERTIFICATES_TEXTS } from '../../../contract/ui-texts';
import { reportOutcome } from '../../../lib/toasts/outcome-toasts';
import { Button, FormActions, Modal, TextArea, useToast } from '../../../ui';
import { useRevokeCertificate } from '../api/revoke-certificate';

const TEXTS = CERTIFICATES_TEXTS.revoke;

/** Revoke with an optional reason (docs/requirements.md#certificates-screen); the dialog stays open when the call fails. */
export function RevokeDialog({ certificate, onClose }: { certificate: Certificate; onClose: () => void }) {
  const toast = useToast();
  const revoke = useRevokeCertificate();
  const [reason, setReason] = useState('');
  const [isPending, setPending] = useState(false);

  const handleRevoke = async () => {
    setPending(true);
    const isRevoked = await reportOutcome(toast, () => revoke(certificate.uuid, reason), {
      done: () => ({
        title: CERTIFICATES_TEXTS.toasts.revoked,
        description: CERTIFICATES_TEXTS.toasts.revokedDescription(certificate.serialNumber),
      }),
      failed: { title: CERTIFICATES_TEXTS.toasts.revocationFailed, description: CERTIFICATE_ERRORS.revoke },
    });
    if (isRevoked) onClose();
    else setPending(false);
  };

  return (
    <Modal
      title={TEXTS.title}
      role="alertdialog"
      isOpen
      onOpenChange={(open) => {
        if (!open && !isPending) onClose();
      }}
      isKeyboardDismissDisabled={isPending}
    >
      <p>{TEXTS.message(certificate.serialNumber)}</p>
      <TextArea label={TEXTS.reason} name="reason" value={reason} onChange={setReason} rows={3} />
      <FormActions>
        <Button variant="secondary" isDisabled={isPending} onPress={onClose}>
          {TEXTS.cancel}
        </Button>
        <Button variant="destructive" isPending={isPending} onPress={handleRevoke}>
          {isPending ? TEXTS.confirming : TEXTS.confirm}
        </Button>
      </FormActions>
    </Modal>
  );
}
