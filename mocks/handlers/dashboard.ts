// The dashboard as a healthy server answers, computed from the certificate fixtures.
import { delay, http, HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  DEFAULT_API_BASE,
  expirationQuerySchema,
  MESSAGES,
  type Activity,
  type Certificate,
  type DashboardStats,
  type ErrorBody,
  type dashboardStatsSchema,
  type expirationResponseSchema,
} from '../../src/contract';
import { mockCertificates, mockExpiringOf, mockStatsOf } from '../fixtures/certificates';
import { mockAuditLog } from '../fixtures/activity';
import { activityLogHandlers } from './activity';
import { certificateHandlers, createCertificateStore } from './certificates';

const api = (path: string) => `${DEFAULT_API_BASE}${path}`;

/** Stats, expiring certificates and activity of the given data (the fixtures by default; the whole log). */
export function dashboardHandlers({
  certificates = mockCertificates,
  activities = mockAuditLog,
  stats,
}: { certificates?: Certificate[]; activities?: Activity[]; stats?: DashboardStats } = {}) {
  return [
    http.get(api('/dashboard/stats'), () =>
      HttpResponse.json((stats ?? mockStatsOf(certificates)) satisfies z.input<typeof dashboardStatsSchema>),
    ),
    http.get(api('/dashboard/certificate-expiration'), ({ request }) => {
      const query = expirationQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
      const needle = query.search?.trim().toLowerCase();
      const matching = mockExpiringOf(certificates, query.days).filter(
        (c) =>
          !needle ||
          c.serialNumber.toLowerCase().includes(needle) ||
          c.clientName.toLowerCase().includes(needle),
      );
      const start = (query.page - 1) * query.limit;
      return HttpResponse.json({
        expiringCertificates: matching.slice(start, start + query.limit),
        total: matching.length,
        page: query.page,
        limit: query.limit,
      } satisfies z.input<typeof expirationResponseSchema>);
    }),
    ...activityLogHandlers(activities),
  ];
}

/** An empty console: no clients, certificates or activity (so none overdue for a check-in either). */
export const emptyDashboard = () => [
  ...certificateHandlers(createCertificateStore([])),
  ...dashboardHandlers({
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
  }),
];

const failing = (path: string, status: number, body?: ErrorBody) =>
  http.get(api(path), () =>
    body
      ? HttpResponse.json(body, { status })
      : new HttpResponse('Bad Gateway', { status, statusText: 'Bad Gateway' }),
  );

/** The overdue check-ins the Needs Attention panel lists (`GET /certificates?checkIn=overdue`). */
const overdueCheckIns = (answer: () => Response | Promise<Response>) =>
  http.get(api('/certificates'), ({ request }) =>
    new URL(request.url).searchParams.get('checkIn') === 'overdue' ? answer() : undefined,
  );

export const dashboardFailures = {
  /** The Needs Attention panel's call answers 500. */
  overdueCheckIns: () =>
    overdueCheckIns(() =>
      HttpResponse.json({ message: MESSAGES.internal, code: 'INTERNAL' }, { status: 500 }),
    ),
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
  overdueCheckIns(() => delay('infinite').then(() => new Response())),
];
