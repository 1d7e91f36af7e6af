import { useCallback, useMemo, useState } from 'react';
import type { Webhook, WebhookAttempt, WebhookDelivery } from '../../../contract/webhooks';
import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOKS_TEXTS,
  WEBHOOKS_TOASTS as TOASTS,
} from '../../../contract/ui-texts';
import { formatDateTimeOr } from '../../../lib/format/dates';
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

/**
 * One row of the log: an attempt of a delivery, or a delivery no attempt has finished yet. The newest row of a
 * delivery (`isLatest`) carries the delivery's status, its next attempt and Redeliver; an earlier attempt shows how
 * it went on its own.
 */
interface AttemptRow {
  delivery: WebhookDelivery;
  attempt: WebhookAttempt | null;
  isLatest: boolean;
}

/** Every delivery's attempts as rows, newest first, as the deliveries themselves come. */
const rowsOf = (deliveries: readonly WebhookDelivery[]): AttemptRow[] =>
  deliveries.flatMap((delivery): AttemptRow[] =>
    delivery.attempts.length === 0
      ? [{ delivery, attempt: null, isLatest: true }]
      : [...delivery.attempts]
          .reverse()
          .map((attempt, index) => ({ delivery, attempt, isLatest: index === 0 })),
  );

const isSuccess = (attempt: WebhookAttempt) =>
  attempt.responseCode !== null && attempt.responseCode >= 200 && attempt.responseCode < 300;

/** The delivery's status on its newest row; on an earlier attempt, whether that attempt got a 2xx. */
function RowStatus({ row: { delivery, attempt, isLatest } }: { row: AttemptRow }) {
  let status = delivery.status;
  if (!isLatest && attempt) status = isSuccess(attempt) ? 'delivered' : 'dead';
  return <StatusBadge status={BADGE[status]}>{WEBHOOK_DELIVERY_STATUS_LABELS[status]}</StatusBadge>;
}

function AttemptResponse({ attempt }: { attempt: WebhookAttempt | null }) {
  if (!attempt) return <span className={styles.hint}>{TEXTS.notSent}</span>;
  if (attempt.responseCode !== null) return TEXTS.responseCode(attempt.responseCode, attempt.durationMs);
  return (
    <span className={styles.hint}>
      {TEXTS.failedIn(attempt.error ?? TEXTS.noResponse, attempt.durationMs)}
    </span>
  );
}

const columns: DataTableColumn<AttemptRow>[] = [
  {
    id: 'type',
    header: TEXTS.columns.type,
    isRowHeader: true,
    cell: ({ delivery }) =>
      WEBHOOK_EVENT_LABELS[delivery.type as keyof typeof WEBHOOK_EVENT_LABELS] ?? delivery.type,
  },
  {
    id: 'attempt',
    header: TEXTS.columns.attempt,
    align: 'end',
    cell: ({ attempt }) => attempt?.attempt ?? '—',
  },
  { id: 'status', header: TEXTS.columns.status, cell: (row) => <RowStatus row={row} /> },
  {
    id: 'response',
    header: TEXTS.columns.response,
    cell: ({ attempt }) => <AttemptResponse attempt={attempt} />,
  },
  {
    id: 'sent',
    header: TEXTS.columns.sent,
    cell: ({ attempt }) => formatDateTimeOr(attempt?.attemptedAt ?? null, '—'),
  },
  {
    id: 'next',
    header: TEXTS.columns.next,
    cell: ({ delivery, isLatest }) => formatDateTimeOr(isLatest ? delivery.nextAttemptAt : null, '—'),
  },
];

const rowId = ({ delivery, attempt }: AttemptRow) =>
  attempt ? `${delivery.id}/${attempt.attempt}` : delivery.id;

/** An endpoint's delivery log: every attempt of each event sent, how it went, and Redeliver. */
export function DeliveriesModal({ webhook, ...openState }: { webhook: Webhook } & OpenState) {
  const toast = useToast();
  const deliveries = useDeliveries(webhook.id);
  const rows = useMemo(() => deliveries.data && rowsOf(deliveries.data), [deliveries.data]);
  const redeliver = useRedeliver();
  const [pendingId, setPendingId] = useState<string | null>(null);

  const sendAgain = useLatestHandler((delivery: WebhookDelivery) => {
    setPendingId(delivery.id);
    void reportOutcome(toast, () => redeliver(webhook.id, delivery.id), {
      done: () => ({ title: TOASTS.redelivered.title, description: TOASTS.redelivered.description }),
      failed: TOASTS.redeliverFailed,
    }).finally(() => setPendingId(null));
  });
  // The same function until the pending delivery changes: the table draws its rows again only then. Redeliver is on
  // a delivery's newest row only, since it sends the whole delivery again.
  const rowActions = useCallback(
    ({ delivery, isLatest }: AttemptRow) =>
      isLatest && (
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
              rows={rows}
              getRowId={rowId}
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
