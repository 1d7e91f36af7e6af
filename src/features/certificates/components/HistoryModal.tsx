import type { Certificate, CertificateRecord } from '../../../contract/certificates';
import { CERTIFICATES_TEXTS } from '../../../contract/ui-texts';
import { Button, DataTable, FormActions, Modal, type DataTableColumn } from '../../../ui';
import { useCertificateRecords } from '../api/get-certificate-records';
import { formatDateTime } from '../../../lib/format/dates';
import { ActionBadge } from './ActionBadge';

const TEXTS = CERTIFICATES_TEXTS.history;

const columns: DataTableColumn<CertificateRecord>[] = [
  {
    id: 'timestamp',
    header: TEXTS.columns.timestamp,
    cell: (record) => formatDateTime(record.createdAt),
    noWrap: true,
    isRowHeader: true,
  },
  { id: 'action', header: TEXTS.columns.action, cell: (record) => <ActionBadge action={record.action} /> },
  { id: 'description', header: TEXTS.columns.description, cell: (record) => record.description },
  {
    id: 'performedBy',
    header: TEXTS.columns.performedBy,
    cell: (record) => record.performBy?.name || TEXTS.system,
  },
];

/** The certificate's history (docs/requirements.md#certificates-screen): newest first, 'System' where no one acted. */
export function HistoryModal({ certificate, onClose }: { certificate: Certificate; onClose: () => void }) {
  const { data, error, isLoading } = useCertificateRecords(certificate.uuid);
  return (
    <Modal
      title={TEXTS.title(certificate.serialNumber)}
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DataTable
        aria-label={TEXTS.title(certificate.serialNumber)}
        columns={columns}
        rows={data}
        getRowId={(record) => record.uuid}
        isLoading={isLoading}
        loadingLabel={TEXTS.loading}
        error={error ? TEXTS.error(error.message) : null}
        emptyText={TEXTS.empty}
      />
      <FormActions>
        <Button variant="secondary" onPress={onClose} autoFocus>
          {TEXTS.close}
        </Button>
      </FormActions>
    </Modal>
  );
}
