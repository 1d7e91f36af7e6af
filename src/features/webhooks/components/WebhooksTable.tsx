import { useCallback } from 'react';
import type { Webhook } from '../../../contract/webhooks';
import { WEBHOOK_EVENT_LABELS, WEBHOOKS_TEXTS as TEXTS } from '../../../contract/ui-texts';
import { formatDate } from '../../../lib/format/dates';
import { ActiveBadge, DataTable, RowActions, type DataTableColumn, useLatestHandler } from '../../../ui';
import * as styles from '../WebhooksPage.css';

export type WebhookAction = keyof typeof TEXTS.actions;
const ACTIONS: readonly WebhookAction[] = ['deliveries', 'test', 'edit', 'rotate', 'delete'];
const STATUS_LABELS = { active: TEXTS.enabled, inactive: TEXTS.disabled };

const columns: DataTableColumn<Webhook>[] = [
  {
    id: 'url',
    header: TEXTS.columns.url,
    isRowHeader: true,
    cell: (webhook) => (
      <span className={styles.stack}>
        <span className={styles.url}>{webhook.url}</span>
        {webhook.description && <span className={styles.hint}>{webhook.description}</span>}
      </span>
    ),
  },
  {
    id: 'events',
    header: TEXTS.columns.events,
    // The count, and every event's name for whoever hovers or reads it out.
    cell: (webhook) => (
      <span title={webhook.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(', ')}>
        {TEXTS.eventCount(webhook.events.length)}
      </span>
    ),
  },
  {
    id: 'status',
    header: TEXTS.columns.status,
    cell: (webhook) => (
      <span className={styles.stack}>
        <ActiveBadge isActive={webhook.enabled} labels={STATUS_LABELS} />
        {webhook.disabledReason && <span className={styles.reason}>{webhook.disabledReason}</span>}
      </span>
    ),
  },
  {
    id: 'created',
    header: TEXTS.columns.created,
    noWrap: true,
    cell: (webhook) => formatDate(webhook.createdAt),
  },
];

const webhookId = (webhook: Webhook) => webhook.id;

/** The endpoints, each with its delivery log, a test ping, edit, a new secret and delete. */
export function WebhooksTable({
  webhooks,
  isLoading,
  pendingTestId,
  onAction,
}: {
  webhooks: Webhook[] | undefined;
  isLoading: boolean;
  /** The endpoint whose test ping is on its way: its button waits. */
  pendingTestId: string | null;
  onAction: (action: WebhookAction, webhook: Webhook) => void;
}) {
  const act = useLatestHandler(onAction);
  // The same function until the pending ping changes: the table draws its rows again only then.
  const rowActions = useCallback(
    (webhook: Webhook) => (
      <RowActions
        actions={ACTIONS.map((action) => ({
          action,
          label: TEXTS.actions[action],
          variant: action === 'deliveries' ? 'primary' : 'secondary',
          isPending: action === 'test' && pendingTestId === webhook.id,
        }))}
        menuLabel={TEXTS.columns.actions}
        onAction={(action) => act(action, webhook)}
      />
    ),
    [pendingTestId, act],
  );
  return (
    <DataTable
      aria-label={TEXTS.tableLabel}
      columns={columns}
      rows={webhooks}
      getRowId={webhookId}
      isLoading={isLoading}
      loadingLabel={TEXTS.loading}
      emptyText={TEXTS.empty}
      rowActionsHeader={TEXTS.columns.actions}
      rowActions={rowActions}
    />
  );
}
