import { useId, useMemo, useState } from 'react';
import { useDeferredAnswer } from '../../lib/api/use-deferred-answer';
import { ListPagination } from '../../lib/lists/ListPagination';
import { CERTIFICATE_SORT_KEYS, type Certificate } from '../../contract/certificates';
import { can } from '../../contract/roles';
import {
  CERTIFICATE_ERRORS,
  CERTIFICATES_BULK_TEXTS as BULK_TEXTS,
  CERTIFICATES_TEXTS as TEXTS,
} from '../../contract/ui-texts';
import { headerSortOf, sortOfHeader } from '../../lib/lists/list-sort';
import { useListBulk } from '../../lib/lists/use-list-bulk';
import { ListSearchField } from '../../lib/lists/ListSearchField';
import { reportOutcome } from '../../lib/toasts/outcome-toasts';
import { useSessionState } from '../../lib/session';
import { useCreateFromAddress } from '../../lib/routing/open-create';
import { LICENSE_TERMS_TEXTS } from '../../contract/texts/license-terms';
import {
  Button,
  Checkbox,
  ConfirmDialog,
  layout,
  PageHeader,
  Select,
  useToast,
  type SelectOption,
} from '../../ui';
import { useBulkCertificates, type BulkOptions } from './api/bulk-certificates';
import { useDownloadCertificates } from './api/download-certificates';
import { useListCertificateIds } from './api/list-certificate-ids';
import { CERTIFICATE_CHANGE_RELOADS } from './api/revalidate';
import { useExportCertificates } from './api/export-certificates';
import type { CertificateFilters } from './api/keys';
import { useCertificates } from './api/list-certificates';
import { bulkActionsFor, type CertificateBulkChoice } from './bulk-actions';
import { BulkRevokeDialog } from './components/BulkRevokeDialog';
import { CertificateBulkBar } from './components/CertificateBulkBar';
import { CertificateCounters } from './components/CertificateCounters';
import type { ClientChoice } from './components/CertificateFormModal';
import { CertificateTable, certificateId } from './components/CertificateTable';
import { ValidateLicenseDialog } from './components/ValidateLicenseDialog';
import { BulkRenewDialog, CertificateFormModal } from './lazy-dialogs';
import { useCertificateActions } from './use-certificate-actions';
import { useCertificateFilters } from './use-certificate-filters';
import * as styles from './CertificatesPage.css';
import { LoadFailedBanner } from '../../lib/lists/LoadFailedBanner';

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
  | { kind: 'validate' }
  | { kind: 'bulkRevoke' | 'bulkDelete' | 'bulkRenew'; count: number }
  | null;

const certificateName = (certificate: Certificate) => certificate.serialNumber;

/** The certificates screen of docs/requirements.md#certificates-screen: counters, filters in the URL, the list and every lifecycle step. */
export function CertificatesPage() {
  return <CertificatesView />;
}

/**
 * One client's certificates, for the client's own page: the certificates screen with its client fixed,
 * under a section heading instead of the page's; new certificates start with the client chosen.
 */
export function ClientCertificates({ clientId, clientName }: { clientId: string; clientName: string }) {
  return <CertificatesView forClient={{ id: clientId, name: clientName }} />;
}

function CertificatesView({ forClient }: { forClient?: ClientChoice }) {
  const session = useSessionState();
  const role = session.status === 'authenticated' ? session.user.role.name : 'viewer';
  const toast = useToast();
  const headingId = useId();
  const [filters, setFilters] = useCertificateFilters(forClient?.id);
  const { data, error, isLoading, mutate: reload } = useCertificates(filters);
  // The page's rows, pager and counts reach the screen together, drawn in a transition.
  const { shown: page, isLoading: isPageLoading } = useDeferredAnswer(data, isLoading);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const certificateActions = useCertificateActions();
  const [isExporting, setExporting] = useState(false);
  const exportCsv = useExportCertificates();
  const listIds = useListCertificateIds();
  const bulkCall = useBulkCertificates();
  const downloadZip = useDownloadCertificates();
  const canWrite = can(role, 'certificates:write');
  const bulk = useListBulk<Certificate, CertificateBulkChoice>({
    toast,
    // What narrows the rows: a new search, status, client or check-in filter clears the selection.
    filterKey: JSON.stringify([filters.search.trim(), filters.status, filters.clientId, filters.checkIn]),
    getRowId: certificateId,
    nameOf: certificateName,
    pageRows: page?.certificates,
    total: page?.total,
    fetchIds: () => listIds(filters),
    reloads: CERTIFICATE_CHANGE_RELOADS,
  });
  // Rows are selectable for a role with at least one bulk action.
  const isSelectable = bulkActionsFor('unknown', role).length > 0;

  // `?new=1` (the command palette's Generate New Certificate) opens the form, on the page itself only.
  useCreateFromAddress(() => setDialog({ kind: 'create' }), canWrite, !forClient);

  const closeDialog = () => setDialog(null);
  const isFiltered =
    filters.search !== '' ||
    filters.status !== 'all' ||
    filters.clientId !== null ||
    filters.checkIn !== null;
  // Overdue alone says what the empty list means: nothing is overdue.
  const emptyText =
    filters.checkIn && filters.search === '' && filters.status === 'all'
      ? LICENSE_TERMS_TEXTS.list.emptyOverdue
      : isFiltered
        ? TEXTS.emptyFiltered
        : TEXTS.empty;
  const rows = page?.certificates;
  // The same object until the sort changes: the table draws its rows again when it does.
  const sortDescriptor = useMemo(
    () => headerSortOf({ sort: filters.sort, order: filters.order }),
    [filters.sort, filters.order],
  );

  /** Runs a bulk call on every selected certificate; the bar shows its progress, then each row's outcome. */
  const runBulk = (action: 'activate' | 'renew' | 'revoke' | 'delete', options?: BulkOptions) =>
    bulk.whilePending(action, () =>
      bulk.run(BULK_TEXTS.done[action], (chunk) => bulkCall(action, chunk, options), BULK_TEXTS.bulkError),
    );

  const downloadSelected = () =>
    bulk.whilePending('download', () =>
      reportOutcome(toast, () => downloadZip(bulk.selection.ids), {
        done: () => ({ title: BULK_TEXTS.downloaded, description: BULK_TEXTS.downloadedDescription }),
        failed: { title: BULK_TEXTS.downloadFailed, description: BULK_TEXTS.downloadError },
      }),
    );

  const handleBulkAction = (action: CertificateBulkChoice) => {
    if (action === 'activate') void runBulk('activate');
    else if (action === 'download') void downloadSelected();
    else {
      const kind = ({ renew: 'bulkRenew', revoke: 'bulkRevoke', delete: 'bulkDelete' } as const)[action];
      setDialog({ kind, count: bulk.selection.count });
    }
  };

  const handleExport = async () => {
    setExporting(true);
    await reportOutcome(toast, () => exportCsv(filters), {
      failed: { title: TEXTS.toasts.exportFailed, description: CERTIFICATE_ERRORS.export },
    });
    setExporting(false);
  };

  const clientName = filters.clientId
    ? rows?.find((c) => c.clientId === filters.clientId)?.clientName
    : undefined;

  const actions = (
    <>
      {!forClient && (
        <Button variant="secondary" onPress={() => setDialog({ kind: 'validate' })}>
          {TEXTS.validateLicense}
        </Button>
      )}
      <Button variant="secondary" onPress={handleExport} isPending={isExporting}>
        {isExporting ? TEXTS.exporting : TEXTS.exportCsv}
      </Button>
      {canWrite && (
        <Button
          onPress={() => setDialog({ kind: 'create' })}
          onHoverStart={CertificateFormModal.preload}
          onFocus={CertificateFormModal.preload}
        >
          {TEXTS.generate}
        </Button>
      )}
    </>
  );

  return (
    <section
      className={forClient ? layout.panel : layout.page}
      aria-labelledby={forClient ? headingId : undefined}
    >
      {forClient ? (
        <div className={styles.sectionHeader}>
          <h2 id={headingId} className={layout.panelTitle}>
            {TEXTS.title}
          </h2>
          <div className={styles.sectionActions}>{actions}</div>
        </div>
      ) : (
        <PageHeader title={TEXTS.title} actions={actions} />
      )}
      <LoadFailedBanner error={error} onRetry={() => reload()} />
      <CertificateCounters counts={page?.counts} isUnavailable={Boolean(error) && !data} />
      <div className={layout.toolbar} role="search" aria-label={TEXTS.searchLabel}>
        <div className={styles.search}>
          <ListSearchField
            label={TEXTS.searchLabel}
            placeholder={TEXTS.searchPlaceholder}
            value={filters.search}
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
        <Checkbox
          isSelected={filters.checkIn === 'overdue'}
          onChange={(selected) => setFilters({ checkIn: selected ? 'overdue' : null })}
        >
          {LICENSE_TERMS_TEXTS.list.overdueFilter}
        </Checkbox>
        {filters.clientId && !forClient && (
          <div className={styles.clientFilter}>
            {clientName && <span>{TEXTS.clientFilter(clientName)}</span>}
            <Button variant="ghost" size="sm" onPress={() => setFilters({ clientId: null })}>
              {TEXTS.clearClientFilter}
            </Button>
          </div>
        )}
      </div>
      {isSelectable && (
        <CertificateBulkBar
          bulk={bulk}
          role={role}
          statusFilter={filters.status}
          onAction={handleBulkAction}
        />
      )}
      {/* Without rows to show, the banner alone says what went wrong; older rows stay under it. */}
      {!(error && !rows) && (
        <CertificateTable
          rows={rows}
          isLoading={isPageLoading}
          emptyText={emptyText}
          role={role}
          busy={certificateActions.busy}
          onAction={certificateActions.onAction}
          sortDescriptor={sortDescriptor}
          onSortChange={(descriptor) => {
            const sort = sortOfHeader(descriptor, CERTIFICATE_SORT_KEYS);
            if (sort) setFilters(sort);
          }}
          selection={isSelectable ? bulk.tableSelection : undefined}
        />
      )}
      {page && (
        <ListPagination
          page={page.page}
          pageSize={filters.limit}
          total={page.total}
          noun={TEXTS.paginationNoun}
          label={TEXTS.paginationLabel}
          onPageChange={(page) => setFilters({ page })}
          onPageSizeChange={(limit) => setFilters({ limit })}
        />
      )}

      {/* Drawn only while open, so a new form (fresh defaults) each time; its code loads at the first. */}
      {dialog?.kind === 'create' && (
        <CertificateFormModal
          certificate={null}
          forClient={forClient}
          isOpen
          onOpenChange={(open) => !open && closeDialog()}
        />
      )}
      {certificateActions.dialogs}
      {dialog?.kind === 'bulkRevoke' && (
        <BulkRevokeDialog
          count={dialog.count}
          isOpen
          onOpenChange={(open) => !open && closeDialog()}
          onRevoke={(reason) => void runBulk('revoke', { reason })}
        />
      )}
      {dialog?.kind === 'bulkRenew' && (
        <BulkRenewDialog
          count={dialog.count}
          isOpen
          onOpenChange={(open) => !open && closeDialog()}
          onRenew={(renewal) => void runBulk('renew', renewal)}
        />
      )}
      {dialog?.kind === 'bulkDelete' && (
        <ConfirmDialog
          title={BULK_TEXTS.deleteTitle}
          message={BULK_TEXTS.deleteMessage(dialog.count)}
          confirmLabel={TEXTS.delete.confirm}
          cancelLabel={TEXTS.delete.cancel}
          isOpen
          onOpenChange={(open) => !open && closeDialog()}
          // The question closes at once: the bar shows the progress and each row's outcome.
          onConfirm={() => void runBulk('delete')}
        />
      )}
      <ValidateLicenseDialog
        isOpen={dialog?.kind === 'validate'}
        onOpenChange={(open) => !open && closeDialog()}
      />
    </section>
  );
}
