import { CACHE_AREAS } from '../../../lib/api/revalidate';

/** SWR keys of the webhooks area: every key starts with the area, so a change reloads them all. */
export const webhookKeys = {
  list: () => [CACHE_AREAS.webhooks, 'list'] as const,
  deliveries: (id: string) => [CACHE_AREAS.webhooks, 'deliveries', id] as const,
  /** The mail configuration the reminders panel shows (it changes only with the server's restart). */
  mailStatus: () => [CACHE_AREAS.webhooks, 'mail-status'] as const,
};
