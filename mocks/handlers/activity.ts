// The activity log as the server answers it: `GET /dashboard/activity` with its filters, order and
// paging, and its CSV export, each with the server's rule of what a role reads (`activityVisibleTo`).
import { delay, http, HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  ACTIVITY_MESSAGES,
  activityExportQuerySchema,
  activityQuerySchema,
  activityVisibleTo,
  MESSAGES,
  type Activity,
  type ActivityFilters,
  type activityResponseSchema,
} from '../../src/contract';
import { mockCertificates } from '../fixtures/certificates';
import { actorOf, api, errorResponse, validationFailed } from './directory-common';

/** A client's page: activity about the client or one of its certificates, as the server's `clientId`. */
const isAboutClient = (activity: Activity, clientId: string) =>
  (activity.targetType === 'client' && activity.targetId === clientId) ||
  (activity.targetType === 'certificate' &&
    mockCertificates.some((c) => c.uuid === activity.targetId && c.clientId === clientId));

/** The rows `request`'s caller reads that match the filters, in the asked order; or the server's refusal. */
function filtered(activities: readonly Activity[], request: Request, query: ActivityFilters) {
  const visible = activityVisibleTo(actorOf(request)?.role.name ?? 'viewer');
  if (query.type && !visible.types.includes(query.type))
    return errorResponse(403, MESSAGES.forbidden, 'FORBIDDEN');
  if (query.from !== undefined && query.to !== undefined && query.from > query.to)
    return errorResponse(400, ACTIVITY_MESSAGES.rangeReversed, 'VALIDATION_FAILED', {
      to: ACTIVITY_MESSAGES.rangeReversed,
    });
  const search = query.search?.trim().toLowerCase();
  const rows = activities.filter(
    (a) =>
      (visible.all || (visible.types as readonly string[]).includes(a.targetType)) &&
      (!query.type || a.targetType === query.type) &&
      (!query.actorId || a.actorId === query.actorId) &&
      (!query.clientId || isAboutClient(a, query.clientId)) &&
      (!query.action || a.type === query.action) &&
      (query.from === undefined || a.createdAt >= query.from) &&
      (query.to === undefined || a.createdAt < query.to) &&
      (!search || a.description.toLowerCase().includes(search)),
  );
  const ascending = (query.order ?? (query.sort ? 'asc' : 'desc')) === 'asc';
  return [...rows].sort(
    (a, b) => (a.createdAt - b.createdAt || Number(a.id) - Number(b.id)) * (ascending ? 1 : -1),
  );
}

const csvCell = (value: string | null) =>
  value === null ? '' : /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/** The log's list and export over `activities` (newest first or not: the handlers sort). */
export function activityLogHandlers(activities: readonly Activity[]) {
  return [
    http.get(api('/dashboard/activity/export'), ({ request }) => {
      const query = activityExportQuerySchema.safeParse(
        Object.fromEntries(new URL(request.url).searchParams),
      );
      if (!query.success) return validationFailed(query.error);
      const rows = filtered(activities, request, query.data);
      if (rows instanceof Response) return rows;
      const lines = [
        ['Time', 'Actor', 'Action', 'Type', 'Target ID', 'Description'],
        ...rows.map((a) => [
          new Date(a.createdAt).toISOString(),
          a.performedBy,
          a.type,
          a.targetType,
          a.targetId,
          a.description,
        ]),
      ];
      return new HttpResponse(lines.map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join(''), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="activity.csv"',
        },
      });
    }),
    http.get(api('/dashboard/activity'), ({ request }) => {
      const query = activityQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return validationFailed(query.error);
      const rows = filtered(activities, request, query.data);
      if (rows instanceof Response) return rows;
      const { page, limit } = query.data;
      return HttpResponse.json({
        activities: rows.slice((page - 1) * limit, page * limit),
        total: rows.length,
        page,
        limit,
      } satisfies z.input<typeof activityResponseSchema>);
    }),
  ];
}

/** The log's failures and waits, for the Activity screen's stories. */
export const activityMocks = {
  listFails: () =>
    http.get(api('/dashboard/activity'), () => errorResponse(500, MESSAGES.internal, 'INTERNAL')),
  listNeverAnswers: () => http.get(api('/dashboard/activity'), () => delay('infinite')),
  exportFails: () =>
    http.get(api('/dashboard/activity/export'), () => errorResponse(500, MESSAGES.internal, 'INTERNAL')),
};
