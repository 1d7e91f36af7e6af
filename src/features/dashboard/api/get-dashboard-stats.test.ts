import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../contract/errors';
import { ApiError, type ApiClient } from '../../../lib/api';
import { getDashboardStats } from './get-dashboard-stats';

const stats = {
  totalClients: 1,
  activeCertificates: 2,
  distributedCertificates: 3,
  expiredCertificates: 4,
  pendingCertificates: 5,
  revokedCertificates: 6,
};

/** An API client whose GET answers with the given results in turn. */
function apiAnswering(...results: (object | ApiError)[]) {
  const get = vi.fn(async () => {
    const next = results.shift();
    if (next instanceof ApiError) throw next;
    return next;
  });
  return { api: { get } as unknown as ApiClient, get };
}

const networkError = () => new ApiError(MESSAGES.networkError, { status: 0 });

describe('getDashboardStats', () => {
  it('retries once, after 1 second, when the call never got an answer', async () => {
    const { api, get } = apiAnswering(networkError(), stats);
    const sleep = vi.fn(async () => {});
    await expect(getDashboardStats(api, { sleep })).resolves.toEqual(stats);
    expect(sleep).toHaveBeenCalledWith(1000);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('gives up after the one retry with the network text', async () => {
    const { api, get } = apiAnswering(networkError(), networkError(), stats);
    await expect(getDashboardStats(api, { sleep: async () => {} })).rejects.toThrow(MESSAGES.networkError);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('does not retry an answer: a 500 names its status', async () => {
    const { api, get } = apiAnswering(new ApiError('HTTP 500: Internal Server Error', { status: 500 }));
    await expect(getDashboardStats(api, { sleep: async () => {} })).rejects.toThrow(
      'Failed to fetch dashboard stats: 500',
    );
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('a 401 asks to sign in again', async () => {
    const { api } = apiAnswering(new ApiError(MESSAGES.authFailed, { status: 401, code: 'UNAUTHENTICATED' }));
    await expect(getDashboardStats(api)).rejects.toThrow('Authentication failed. Please log in again.');
  });
});
