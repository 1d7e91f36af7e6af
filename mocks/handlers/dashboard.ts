// The dashboard as a healthy server answers, computed from the certificate fixtures.
import { delay, http, HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  activityQuerySchema,
  DEFAULT_API_BASE,
  expirationQuerySchema,
  MESSAGES,
  type Activity,
  type activityResponseSchema,
  type Certificate,
  type DashboardStats,
  type ErrorBody,
  type dashboardStatsSchema,
  type expirationResponseSchema,
} from '../../src/contract';
import { mockActivities, mockCertificates, mockExpiringOf, mockStatsOf } from '../fixtures/certificates';

const api = (path: string) => `${DEFAULT_API_BASE}${path}`;

/** Stats, expiring certificates and activity of the given data (the fixtures by default). */
export function dashboardHandlers({
  certificates = mockCertificates,
  activities = mockActivities,
  stats,
}: { certificates?: Certificate[]; activities?: Activity[]; stats?: DashboardStats } = {}) {
  return [
    http.get(api('/dashboard/stats'), () =>
      HttpResponse.json((stats ?? mockStatsOf(certificates)) satisfies z.input<typeof dashboardStatsSchema>),
    ),
    http.get(api('/dashboard/certificate-expiration'), ({ request }) => {
      const query = expirationQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({
        expiringCertificates: mockExpiringOf(certificates, query.days),
      } satisfies z.input<typeof expirationResponseSchema>);
    }),
    http.get(api('/dashboard/activity'), ({ request }) => {
      const url = new URL(request.url);
      const { page, limit, type } = activityQuerySchema.parse(Object.fromEntries(url.searchParams));
      const rows = activities.filter((a) => !type || a.type.startsWith(`${type}.`));
      return HttpResponse.json({
        activities: rows.slice((page - 1) * limit, page * limit),
        total: rows.length,
        page,
        limit,
      } satisfies z.input<typeof activityResponseSchema>);
    }),
  ];
}

/** An empty console: no clients, certificates or activity. */
export const emptyDashboard = () =>
  dashboardHandlers({
    certificates: [],
    activities: [],
    stats: {
      totalClients: 0,
      activeCertificates: 0,
      distributedCertificates: 0,
      expiredCertificates: 0,
      pendingCertificates: 0,
      revokedCertificates: 0,
    },
  });

const failing = (path: string, status: number, body?: ErrorBody) =>
  http.get(api(path), () =>
    body
      ? HttpResponse.json(body, { status })
      : new HttpResponse('Bad Gateway', { status, statusText: 'Bad Gateway' }),
  );

export const dashboardFailures = {
  /** Stats answer 500 without a message: 'Failed to fetch dashboard stats: 500'. */
  stats: (status = 500) => failing('/dashboard/stats', status),
  /** The stats call never reaches the server (a fetch-type error). */
  statsNetwork: () => http.get(api('/dashboard/stats'), () => HttpResponse.error()),
  expiration: () => failing('/dashboard/certificate-expiration', 502),
  activity: () => failing('/dashboard/activity', 500, { message: MESSAGES.internal, code: 'INTERNAL' }),
};

/** Every dashboard call waits forever: the loading state. */
export const dashboardNeverAnswers = () => [
  http.get(api('/dashboard/stats'), () => delay('infinite')),
  http.get(api('/dashboard/certificate-expiration'), () => delay('infinite')),
  http.get(api('/dashboard/activity'), () => delay('infinite')),
];
