import { useMemo, useState, type ComponentType } from 'react';
import { ListPagination } from '../../lib/lists/ListPagination';
import type { Certificate } from '../../contract/certificates';
import { ACTIVITY_ERRORS, ACTIVITY_TEXTS as TEXTS } from '../../contract/ui-texts';
import { reportOutcome } from '../../lib/toasts/outcome-toasts';
import { Button, layout, PageHeader, useToast } from '../../ui';
import { useExportActivity } from './api/export-activity';
import { useGetCertificate } from './api/get-certificate';
import { useActors } from './api/list-actors';
import { useActivityLog } from './api/list-activity';
import { ActivityFiltersBar } from './components/ActivityFiltersBar';
import { ActivityTable } from './components/ActivityTable';
import { isFiltered, useActivityFilters } from './use-activity-filters';
import { LoadFailedBanner } from '../../lib/lists/LoadFailedBanner';

/** The certificates feature's history modal, which the app hands in (a feature never imports another). */
export type CertificateHistoryComponent = ComponentType<{ certificate: Certificate; onClose: () => void }>;

/**
 * The Activity screen (issue 18): the audit log for owners and admins (the route enforces it), its filters in the
 * URL, sortable by time, paged, exported as CSV, each row linking to what it is about.
 */
export function ActivityPage({ CertificateHistory }: { CertificateHistory: CertificateHistoryComponent }) {
  const toast = useToast();
  const [filters, setFilters] = useActivityFilters();
  const log = useActivityLog(filters);
  const actors = useActors();
  const exportCsv = useExportActivity();
  const getCertificate = useGetCertificate();
  const [isExporting, setExporting] = useState(false);
  const [history, setHistory] = useState<Certificate | null>(null);
  const usersById = useMemo(
    () => new Map((actors.data ?? []).map((user) => [user.uuid, user])),
    [actors.data],
  );

  const handleExport = async () => {
    setExporting(true);
    await reportOutcome(toast, () => exportCsv(filters), {
      failed: { title: TEXTS.exportFailed, description: ACTIVITY_ERRORS.export },
    });
    setExporting(false);
  };

  // A deleted certificate has no history to show: the toast says so (the server's 'Certificate not found').
  const openCertificate = (id: string) =>
    reportOutcome(toast, async () => setHistory(await getCertificate(id)), {
      failed: { title: TEXTS.historyFailed, description: ACTIVITY_ERRORS.fetchCertificate },
    });

  const rows = log.data?.activities;
  return (
    <div className={layout.page}>
      <PageHeader
        title={TEXTS.title}
        description={TEXTS.description}
        actions={
          <Button variant="secondary" onPress={handleExport} isPending={isExporting}>
            {isExporting ? TEXTS.exporting : TEXTS.exportCsv}
          </Button>
        }
      />
      <ActivityFiltersBar filters={filters} actors={actors.data} onChange={setFilters} />
      <LoadFailedBanner error={log.error} onRetry={() => log.mutate()} />
      {/* Without rows to show, the banner alone says what went wrong; with older rows they stay under it. */}
      {!(log.error && !rows) && (
        <ActivityTable
          rows={rows}
          isLoading={log.isLoading}
          error={null}
          emptyText={isFiltered(filters) ? TEXTS.emptyFiltered : TEXTS.empty}
          order={filters.order}
          onOrderChange={(order) => setFilters({ order })}
          usersById={usersById}
          onOpenCertificate={(id) => void openCertificate(id)}
        />
      )}
      {log.data && (
        <ListPagination
          page={log.data.page}
          pageSize={filters.limit}
          total={log.data.total}
          noun={TEXTS.pageNoun}
          onPageChange={(page) => setFilters({ page })}
          onPageSizeChange={(limit) => setFilters({ limit })}
        />
      )}
      {history && <CertificateHistory certificate={history} onClose={() => setHistory(null)} />}
    </div>
  );
}
