// The Webhooks screen (the requirements have no text for it): endpoints other systems register, the
// events they pick, the signing secret shown once, and each endpoint's delivery log.
import type { WebhookDeliveryStatus, WebhookDeliveryType } from '../webhooks';

export const WEBHOOKS_TEXTS = {
  title: 'Webhooks',
  description:
    'Other systems learn what happened here: each endpoint gets a signed POST (Standard Webhooks) for the events it picks, retried until it answers 2xx.',
  create: 'Add endpoint',
  tableLabel: 'Webhook endpoints',
  columns: {
    url: 'Endpoint',
    events: 'Events',
    status: 'Status',
    created: 'Created',
    actions: 'Actions',
  },
  eventCount: (count: number) => `${count} event${count === 1 ? '' : 's'}`,
  enabled: 'Enabled',
  disabled: 'Disabled',
  loading: 'Loading webhooks...',
  empty: 'No webhook endpoints yet.',
  emptyDescription: 'Add an endpoint to send licence events to another system.',
  actions: {
    deliveries: 'Deliveries',
    test: 'Send test',
    edit: 'Edit',
    rotate: 'Rotate secret',
    delete: 'Delete',
  },
  form: {
    createTitle: 'Add webhook endpoint',
    editTitle: 'Edit webhook endpoint',
    url: 'Endpoint URL',
    urlDescription: 'An http:// or https:// address; addresses inside the company network are fine.',
    description: 'Description',
    events: 'Events',
    eventsDescription: 'The endpoint gets a POST for each event picked here.',
    selectAll: 'Select all',
    enabled: 'Enabled',
    cancel: 'Cancel',
    createSubmit: 'Add endpoint',
    creating: 'Adding...',
    updateSubmit: 'Save endpoint',
    updating: 'Saving...',
  },
  /** The signing secret, shown once after creation or rotation (the OneTimeSecret view's words). */
  createdTitle: 'Endpoint added',
  rotatedTitle: 'New signing secret',
  secretNotice: 'Copy this signing secret now. It will not be shown again.',
  secretLabel: 'Signing secret',
  secretUsage: 'Receivers verify the webhook-signature header with it (docs/webhooks.md).',
  copy: 'Copy',
  copied: 'Copied',
  copiedStatus: 'Signing secret copied to the clipboard.',
  copyFailed:
    'Copying is not allowed here. The secret is selected: press Ctrl+C (Cmd+C on a Mac) to copy it.',
  done: 'Done',
  rotate: {
    title: (url: string) => `Rotate the secret of ${url}?`,
    message: 'The current secret stops signing at once: update the receiver with the new one.',
    confirm: 'Rotate secret',
    confirming: 'Rotating...',
    cancel: 'Cancel',
  },
  deleteTitle: (url: string) => `Delete endpoint ${url}?`,
  deleteMessage: 'Its delivery log goes with it, and no more events are sent to it. This cannot be undone.',
  /** The delivery log: a row per attempt, newest first; a delivery's last attempt carries its status and Redeliver. */
  deliveries: {
    title: (url: string) => `Deliveries to ${url}`,
    tableLabel: 'Deliveries',
    loading: 'Loading deliveries...',
    empty: 'Nothing has been sent to this endpoint yet.',
    columns: {
      type: 'Event',
      attempt: 'Attempt',
      status: 'Status',
      response: 'Response',
      sent: 'Sent',
      next: 'Next attempt',
      actions: 'Actions',
    },
    redeliver: 'Redeliver',
    noResponse: 'No response',
    /** A delivery no attempt has finished yet. */
    notSent: 'Not sent yet',
    responseCode: (code: number, ms: number | null) => (ms === null ? `${code}` : `${code} in ${ms} ms`),
    /** An attempt that got no answer: why, and how long it took. */
    failedIn: (error: string, ms: number) => `${error} (${ms} ms)`,
    close: 'Close',
    refresh: 'Refresh',
  },
} as const;

/** How the delivery log names each status. */
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  retrying: 'Retrying',
  delivered: 'Delivered',
  dead: 'Failed',
};

/** How the event checklist and the delivery log name each event. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookDeliveryType, string> = {
  'certificate.created': 'Certificate created',
  'certificate.updated': 'Certificate updated',
  'certificate.activated': 'Certificate activated',
  'certificate.downloaded': 'Certificate downloaded',
  'certificate.renewed': 'Certificate renewed',
  'certificate.transferred': 'Certificate transferred',
  'certificate.revoked': 'Certificate revoked',
  'certificate.expired': 'Certificate expired',
  'certificate.deleted': 'Certificate deleted',
  'certificate.expiring': 'Certificate expiring (30, 7 and 1 days before)',
  'certificate.grace_ended': 'Certificate grace period ended',
  'certificate.check_in_overdue': 'Certificate check-in overdue',
  'client.created': 'Client created',
  'client.updated': 'Client updated',
  'client.deleted': 'Client deleted',
  'user.created': 'User created',
  'user.updated': 'User updated',
  'user.deleted': 'User deleted',
  ping: 'Test (ping)',
};

export const WEBHOOKS_TOASTS = {
  created: { title: 'Endpoint Added', description: (url: string) => `${url} will get the events it picked.` },
  updated: { title: 'Endpoint Updated', description: (url: string) => `${url} has been updated.` },
  deleted: { title: 'Endpoint Deleted', description: (url: string) => `${url} has been deleted.` },
  testSent: {
    title: 'Test Sent',
    description: (url: string) => `A ping is on its way to ${url}: its delivery shows in the log.`,
  },
  redelivered: { title: 'Sent Again', description: 'The event is queued for another delivery.' },
  saveFailed: { title: 'Save Failed', description: 'Failed to save the endpoint. Please try again.' },
  deleteFailed: { title: 'Delete Failed', description: 'Failed to delete the endpoint. Please try again.' },
  rotateFailed: { title: 'Rotate Failed', description: 'Failed to rotate the secret. Please try again.' },
  testFailed: { title: 'Test Failed', description: 'Failed to send a test event. Please try again.' },
  redeliverFailed: { title: 'Redeliver Failed', description: 'Failed to send the event again.' },
} as const;

/** The webhooks data calls' texts when the server sends no message. */
export const WEBHOOKS_ERRORS = {
  fetchWebhooks: 'Failed to fetch webhooks',
  fetchDeliveries: 'Failed to fetch deliveries',
  createWebhook: 'Failed to create webhook',
  updateWebhook: 'Failed to update webhook',
  deleteWebhook: 'Failed to delete webhook',
  rotateSecret: 'Failed to rotate the signing secret',
  sendTest: 'Failed to send a test event',
  redeliver: 'Failed to redeliver',
} as const;
