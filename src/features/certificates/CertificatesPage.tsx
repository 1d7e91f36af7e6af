import { useState } from 'react';
import type { Certificate } from '../../contract/certificates';
import { DEFAULT_PAGE_SIZE, USERS_SEARCH_DEBOUNCE_MS } from '../../contract/constants';
import { can } from '../../contract/roles';
import { CERTIFICATES_TEXTS as TEXTS } from '../../contract/ui-texts';
import { useSessionState } from '../../lib/session';
import {
  Button,
  ConfirmDialog,
  ErrorBanner,
  PageHeader,
  Pagination,
  SearchField,
  Select,
  useToast,
  type SelectOption,
} from '../../ui';
import { useActivateCertificate } from './api/activate-certificate';
import { useDeleteCertificate } from './api/delete-certificate';
import { useDownloadCertificate } from './api/download-certificate';
import { useExportCertificates } from './api/export-certificates';
import type { CertificateFilters } from './api/keys';
import { useCertificates } from './api/list-certificates';
import { CertificateCounters } from './components/CertificateCounters';
import { CertificateFormModal } from './components/CertificateFormModal';
import { CertificateTable } from './components/CertificateTable';
import { HistoryModal } from './components/HistoryModal';
import { RevokeDialog } from './components/RevokeDialog';
import { ValidateLicenceDialog } from './components/ValidateLicenceDialog';
import type { CertificateAction } from './row-actions';
import { useCertificateFilters } from './use-certificate-filters';
import * as styles from './CertificatesPage.css';

const STATUS_OPTIONS: SelectOption<CertificateFilters['status']>[] = [
  { id: 'all', label: TEXTS.statusOptions.all },
  // The order of docs/requirements.md#certificates-screen.
  ...(['active', 'pending', 'expired', 'revoked', 'distributed'] as const).map((status) => ({
    id: status,
    label: TEXTS.statusOptions[status],
  })),
];

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'edit' | 'revoke' | 'delete' | 'history'; certificate: Certificate }
  | { kind: 'validate' }
  | null;

/** The certificates screen of docs/requirements.md#certificates-screen: counters, filters in the URL, the list and every lifecycle step. */
export function CertificatesPage() {
  const session = useSessionState();
  const role = session.status === 'authenticated' ? session.user.role.name : 'viewer';
  const toast = useToast();
  const [filters, setFilters] = useCertificateFilters();
  const { data, error, isLoading } = useCertificates(filters);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [busy, setBusy] = useState<{ id: string; action: CertificateAction } | null>(null);
  const [isExporting, setExporting] = useState(false);
  const activate = useActivateCertificate();
  const download = useDownloadCertificate();
  const remove = useDeleteCertificate();
  const exportCsv = useExportCertificates();
  const canWrite = can(role, 'certificates:write');

  const closeDialog = () => setDialog(null);
  const isFiltered = filters.search !== '' || filters.status !== 'all' || filters.clientId !== null;
  const rows = data?.certificates;

  /** Runs a one-press step (activate, download) with its row's button busy and its toasts. */
  const runStep = async (
    action: CertificateAction,
    certificate: Certificate,
    step: () => Promise<void>,
    failedTitle: string,
  ) => {
    setBusy({ id: certificate.uuid, action });
    try {
      await step();
    } catch (caught) {
      toast.show({
        type: 'destructive',
        title: failedTitle,
        description: caught instanceof Error ? caught.message : undefined,
      });
    } finally {
      setBusy(null);
    }
  };

  const handleAction = (action: CertificateAction, certificate: Certificate) => {
    switch (action) {
      case 'activate':
        void runStep(
          action,
          certificate,
          async () => {
            await activate(certificate.uuid);
            toast.show({
              type: 'success',
              title: TEXTS.toasts.activated,
              description: TEXTS.toasts.activatedDescription,
            });
          },
          TEXTS.toasts.activationFailed,
        );
        return;
      case 'download':
        void runStep(
          action,
          certificate,
          async () => {
            await download(certificate);
            toast.show({
              type: 'success',
              title: TEXTS.toasts.downloaded,
              description: TEXTS.toasts.downloadedDescription,
            });
          },
          TEXTS.toasts.downloadFailed,
        );
        return;
      default:
        setDialog({ kind: action, certificate });
    }
  };

  const handleDelete = async (certificate: Certificate) => {
    try {
      await remove(certificate.uuid);
      toast.show({
        type: 'success',
        title: TEXTS.toasts.deleted,
        description: TEXTS.toasts.deletedDescription(certificate.serialNumber),
      });
    } catch (caught) {
      toast.show({
        type: 'destructive',
        title: TEXTS.toasts.deleteFailed,
        description: caught instanceof Error ? caught.message : undefined,
      });
      throw caught;
    }
  };

  const handleExport = async () => {
    setExporting(true);
    try {
      await exportCsv(filters);
    } catch (caught) {
      toast.show({
        type: 'destructive',
        title: TEXTS.toasts.exportFailed,
        description: caught instanceof Error ? caught.message : undefined,
      });
    } finally {
      setExporting(false);
    }
  };

  const clientName = filters.clientId
    ? rows?.find((c) => c.clientId === filters.clientId)?.clientName
    : undefined;

  return (
    <div className={styles.page}>
      <PageHeader
        title={TEXTS.title}
        actions={
          <>
            <Button variant="secondary" onPress={() => setDialog({ kind: 'validate' })}>
              {TEXTS.validateLicence}
            </Button>
            <Button variant="secondary" onPress={handleExport} isPending={isExporting}>
              {isExporting ? TEXTS.exporting : TEXTS.exportCsv}
            </Button>
            {canWrite && <Button onPress={() => setDialog({ kind: 'create' })}>{TEXTS.generate}</Button>}
          </>
        }
      />
      {error && <ErrorBanner message={error.message} />}
      <CertificateCounters rows={rows ?? []} />
      <div className={styles.filters} role="search" aria-label={TEXTS.searchLabel}>
        <div className={styles.search}>
          <SearchField
            label={TEXTS.searchLabel}
            placeholder={TEXTS.searchPlaceholder}
            value={filters.search}
            debounceMs={USERS_SEARCH_DEBOUNCE_MS}
            onChange={(search) => setFilters({ search })}
          />
        </div>
        <Select
          label={TEXTS.statusLabel}
          isLabelHidden
          options={STATUS_OPTIONS}
          value={filters.status}
          onChange={(status) => setFilters({ status })}
        />
        {filters.clientId && (
          <div className={styles.clientFilter}>
            {clientName && <span>{TEXTS.clientFilter(clientName)}</span>}
            <Button variant="ghost" size="sm" onPress={() => setFilters({ clientId: null })}>
              {TEXTS.clearClientFilter}
            </Button>
          </div>
        )}
      </div>
      <CertificateTable
        rows={rows}
        isLoading={isLoading}
        error={error ? error.message : null}
        emptyText={isFiltered ? TEXTS.emptyFiltered : TEXTS.empty}
        role={role}
        busy={busy}
        onAction={handleAction}
      />
      {data && (
        <Pagination
          page={data.page}
          pageSize={DEFAULT_PAGE_SIZE}
          total={data.total}
          noun={TEXTS.paginationNoun}
          label={TEXTS.paginationLabel}
          onPageChange={(page) => setFilters({ page })}
        />
      )}

      <CertificateFormModal
        // A new form (fresh defaults) each time it opens.
        key={
          dialog?.kind === 'edit' ? dialog.certificate.uuid : dialog?.kind === 'create' ? 'create' : 'closed'
        }
        certificate={dialog?.kind === 'edit' ? dialog.certificate : null}
        isOpen={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        onOpenChange={(open) => !open && closeDialog()}
      />
      {dialog?.kind === 'revoke' && <RevokeDialog certificate={dialog.certificate} onClose={closeDialog} />}
      {dialog?.kind === 'history' && <HistoryModal certificate={dialog.certificate} onClose={closeDialog} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={TEXTS.delete.title}
          message={TEXTS.delete.message}
          confirmLabel={TEXTS.delete.confirm}
          pendingLabel={TEXTS.delete.confirming}
          cancelLabel={TEXTS.delete.cancel}
          isOpen
          onOpenChange={(open) => !open && closeDialog()}
          onConfirm={() => handleDelete(dialog.certificate)}
        />
      )}
      <ValidateLicenceDialog
        isOpen={dialog?.kind === 'validate'}
        onOpenChange={(open) => !open && closeDialog()}
      />
    </div>
  );
}
