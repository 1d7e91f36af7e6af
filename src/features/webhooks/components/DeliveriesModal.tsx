import { useCallback, useState } from 'react';
import type { Webhook, WebhookDelivery } from '../../../contract/webhooks';
import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOKS_TEXTS,
  WEBHOOKS_TOASTS as TOASTS,
} from '../../../contract/ui-texts';
import { formatDateTime, formatDateTimeOr } from '../../../lib/format/dates';
import { LoadFailedBanner } from '../../../lib/lists/LoadFailedBanner';
import { reportOutcome } from '../../../lib/toasts/outcome-toasts';
import {
  Button,
  DataTable,
  FormActions,
  Modal,
  StatusBadge,
  useToast,
  type DataTableColumn,
  type OpenState,
  useLatestHandler,
} from '../../../ui';
import { useDeliveries } from '../api/get-deliveries';
import { useRedeliver } from '../api/redeliver';
import * as styles from '../WebhooksPage.css';

const TEXTS = WEBHOOKS_TEXTS.deliveries;

/** The badge colour of each delivery status: delivered green, on its way amber, given up red. */
const BADGE = { delivered: 'active', pending: 'pending', retrying: 'pending', dead: 'revoked' } as const;

const columns: DataTableColumn<WebhookDelivery>[] = [
  {
    id: 'type',
    header: TEXTS.columns.type,
    isRowHeader: true,
    cell: (delivery) =>
      WEBHOOK_EVENT_LABELS[delivery.type as keyof typeof WEBHOOK_EVENT_LABELS] ?? delivery.type,
  },
  {
    id: 'status',
    header: TEXTS.columns.status,
    cell: (delivery) => (
      <StatusBadge status={BADGE[delivery.status]}>
        {WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]}
      </StatusBadge>
    ),
  },
  { id: 'attempt', header: TEXTS.columns.attempt, align: 'end', cell: (delivery) => delivery.attempt },
  {
    id: 'response',
    header: TEXTS.columns.response,
    cell: (delivery) =>
      delivery.responseCode === null ? (
        <span className={styles.hint}>{delivery.error ?? TEXTS.noResponse}</span>
      ) : (
        TEXTS.responseCode(delivery.responseCode, delivery.durationMs)
      ),
  },
  { id: 'created', header: TEXTS.columns.created, cell: (delivery) => formatDateTime(delivery.createdAt) },
  {
    id: 'next',
    header: TEXTS.columns.next,
    cell: (delivery) => formatDateTimeOr(delivery.nextAttemptAt, '—'),
  },
];

const deliveryId = (delivery: WebhookDelivery) => delivery.id;

/** An endpoint's delivery log: each event sent, how its last attempt went, and Redeliver. */
export function DeliveriesModal({ webhook, ...openState }: { webhook: Webhook } & OpenState) {
  const toast = useToast();
  const deliveries = useDeliveries(webhook.id);
  const redeliver = useRedeliver();
  const [pendingId, setPendingId] = useState<string | null>(null);

  const sendAgain = useLatestHandler((delivery: WebhookDelivery) => {
    setPendingId(delivery.id);
    void reportOutcome(toast, () => redeliver(webhook.id, delivery.id), {
      done: () => ({ title: TOASTS.redelivered.title, description: TOASTS.redelivered.description }),
      failed: TOASTS.redeliverFailed,
    }).finally(() => setPendingId(null));
  });
  // The same function until the pending delivery changes: the table draws its rows again only then.
  const rowActions = useCallback(
    (delivery: WebhookDelivery) => (
      <Button
        size="sm"
        variant="secondary"
        isPending={pendingId === delivery.id}
        isDisabled={pendingId !== null && pendingId !== delivery.id}
        onPress={() => sendAgain(delivery)}
      >
        {TEXTS.redeliver}
      </Button>
    ),
    [pendingId, sendAgain],
  );

  return (
    <Modal title={TEXTS.title(webhook.url)} size="lg" {...openState}>
      {(close) => (
        <>
          <div className={styles.logToolbar}>
            <Button variant="secondary" size="sm" onPress={() => void deliveries.mutate()}>
              {TEXTS.refresh}
            </Button>
          </div>
          <LoadFailedBanner error={deliveries.error} onRetry={() => deliveries.mutate()} />
          {!(deliveries.error && !deliveries.data) && (
            <DataTable
              aria-label={TEXTS.tableLabel}
              columns={columns}
              rows={deliveries.data}
              getRowId={deliveryId}
              isLoading={deliveries.isLoading}
              loadingLabel={TEXTS.loading}
              emptyText={TEXTS.empty}
              rowActionsHeader={TEXTS.columns.actions}
              rowActions={rowActions}
            />
          )}
          <FormActions>
            <Button onPress={close}>{TEXTS.close}</Button>
          </FormActions>
        </>
      )}
    </Modal>
  );
}
