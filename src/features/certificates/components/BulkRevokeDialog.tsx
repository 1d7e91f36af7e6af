import { useState } from 'react';
import { CERTIFICATES_BULK_TEXTS, CERTIFICATES_TEXTS } from '../../../contract/ui-texts';
import { Button, FormActions, Modal, TextArea } from '../../../ui';

const TEXTS = CERTIFICATES_TEXTS.revoke;

/**
 * Revoke the selected certificates with one optional reason, the single revoke dialog's words and
 * field. It closes on Revoke: the bulk bar shows the progress and the outcome of each row.
 */
export function BulkRevokeDialog({
  count,
  isOpen,
  onOpenChange,
  onRevoke,
}: {
  count: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onRevoke: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Modal
      title={CERTIFICATES_BULK_TEXTS.revokeTitle}
      role="alertdialog"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
    >
      <p>{CERTIFICATES_BULK_TEXTS.revokeMessage(count)}</p>
      <TextArea label={TEXTS.reason} name="reason" value={reason} onChange={setReason} rows={3} />
      <FormActions>
        <Button variant="secondary" autoFocus onPress={() => onOpenChange(false)}>
          {TEXTS.cancel}
        </Button>
        <Button
          variant="destructive"
          onPress={() => {
            onOpenChange(false);
            onRevoke(reason);
          }}
        >
          {TEXTS.confirm}
        </Button>
      </FormActions>
    </Modal>
  );
}
