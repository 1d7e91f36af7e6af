import { useState } from 'react';
import { Link } from 'react-aria-components';
import type { Certificate, CertificateRecord } from '../../../contract/certificates';
import { CERTIFICATES_TEXTS } from '../../../contract/ui-texts';
import { Button, ChangeText, DataTable, FormActions, Modal, type DataTableColumn } from '../../../ui';
import { useCertificate } from '../api/get-certificate';
import { useCertificateRecords } from '../api/get-certificate-records';
import { formatDateTime } from '../../../lib/format/dates';
import { ActionBadge } from './ActionBadge';
import * as styles from './HistoryModal.css';

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
  // A renewal's description is its before → after ("Renewed: Valid to Dec 31, 2026 → Dec 31, 2027; users 10 → 25").
  {
    id: 'description',
    header: TEXTS.columns.description,
    cell: (record) => <ChangeText text={record.description} />,
  },
  {
    id: 'performedBy',
    header: TEXTS.columns.performedBy,
    cell: (record) => record.performBy?.name || TEXTS.system,
  },
];

/**
 * The certificate's history (docs/requirements.md#certificates-screen): newest first, 'System' where no one acted.
 * A transferred certificate links to the other one. The link opens that certificate's history in this
 * same modal rather than going to `/certificates?search={serial}`: the question in hand is "where did this licence
 * go", the answer is the other history, and the other side links back, so the chain can be walked either way without
 * losing the page underneath (the Activity screen opens this modal too, and a navigation would drop its filters).
 */
export function HistoryModal({ certificate, onClose }: { certificate: Certificate; onClose: () => void }) {
  // The history shown, and the one it was reached from: that one is the way back, already read.
  const [{ shown, previous }, setHistory] = useState<{ shown: Certificate; previous?: Certificate }>({
    shown: certificate,
  });
  const { data, error, isLoading } = useCertificateRecords(shown.uuid);
  const openOther = (other: Certificate) => setHistory({ shown: other, previous: shown });
  const links = [
    shown.transferredFrom ? { id: shown.transferredFrom, text: TEXTS.transferredFrom } : null,
    shown.transferredTo ? { id: shown.transferredTo, text: TEXTS.transferredTo } : null,
  ].filter((link) => link !== null);
  return (
    <Modal
      size="lg"
      title={TEXTS.title(shown.serialNumber)}
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {links.length > 0 && (
        <nav className={styles.links} aria-label={TEXTS.linksLabel}>
          {links.map(({ id, text }) => (
            // Keyed by the transfer, not by its direction: the link pressed stays the same element and becomes the
            // link back, so focus stays on it (Enter twice walks there and back) instead of falling to wherever the
            // dialog's focus scope puts it once the pressed link is gone.
            <TransferLink
              key={transferKey(shown.uuid, id)}
              id={id}
              known={previous?.uuid === id ? previous : undefined}
              text={text}
              onOpen={openOther}
            />
          ))}
        </nav>
      )}
      <DataTable
        aria-label={TEXTS.title(shown.serialNumber)}
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

/** One transfer seen from either of its two certificates. */
const transferKey = (one: string, other: string) => [one, other].sort().join('+');

/** "Transferred to SN-…": the serial number is read from the other certificate, then a press shows its history. */
function TransferLink({
  id,
  known,
  text,
  onOpen,
}: {
  id: string;
  /** The certificate, when the dialog has it already (the one just left): the link never goes back to pending. */
  known?: Certificate;
  text: (serialNumber: string) => string;
  onOpen: (certificate: Certificate) => void;
}) {
  const { data, error } = useCertificate(id);
  const other = data ?? known;
  // A certificate that cannot be read (gone, or no longer visible) leaves the history without the link.
  if (error && !other) return null;
  if (!other)
    return (
      <span className={styles.link} data-pending="true">
        {TEXTS.loadingLink}
      </span>
    );
  return (
    <Link className={styles.link} onPress={() => onOpen(other)}>
      {text(other.serialNumber)}
    </Link>
  );
}
