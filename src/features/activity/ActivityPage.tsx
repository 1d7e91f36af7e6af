import { useState } from 'react';
import { ListPagination } from '../../lib/lists/ListPagination';
import { ACTIVITY_ERRORS, ACTIVITY_TEXTS as TEXTS } from '../../contract/ui-texts';
import { reportOutcome } from '../../lib/toasts/outcome-toasts';
import { Button, layout, PageHeader, useToast } from '../../ui';
import { useExportActivity } from './api/export-activity';
import { useActors, useUsersById } from './api/list-actors';
import { useActivityLog } from './api/list-activity';
import { ActivityFiltersBar } from './components/ActivityFiltersBar';
import { ActivityTable } from './components/ActivityTable';
import { isFiltered, useActivityFilters } from './use-activity-filters';
import { LoadFailedBanner } from '../../lib/lists/LoadFailedBanner';

/**
 * The Activity screen: the audit log for owners and admins (the route enforces it), its filters in the
 * URL, sortable by time, paged, exported as CSV, each row linking to the page of what it is about.
 */
export function ActivityPage() {
  const toast = useToast();
  const [filters, setFilters] = useActivityFilters();
  const log = useActivityLog(filters);
  const actors = useActors();
  const exportCsv = useExportActivity();
  const usersById = useUsersById(actors.data);
  const [isExporting, setExporting] = useState(false);

  const handleExport = async () => {
    setExporting(true);
    await reportOutcome(toast, () => exportCsv(filters), {
      failed: { title: TEXTS.exportFailed, description: ACTIVITY_ERRORS.export },
    });
    setExporting(false);
  };

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
    </div>
  );
}
