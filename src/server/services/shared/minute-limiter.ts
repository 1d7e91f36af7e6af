// A fixed-window counter per key, in this process's memory: API tokens are throttled per token with it
// (`API_TOKEN_RATE_LIMIT` requests a minute), and anonymous licence checks per client address
// (`VALIDATE_RATE_LIMIT`, routes/licensing.ts and hot-routes.ts); with several processes each counts its own share
// (docs/configuration.md).
import type { Clock } from './context';

const WINDOW_MS = 60_000;
/** Above this many keys, windows that have ended are dropped (a bound on memory, not a rule). */
const SWEEP_ABOVE = 10_000;

export interface MinuteLimiter {
  /** Counts one request for `key`; returns the seconds to wait when it is over the limit, else null. */
  hit(key: string): number | null;
}

export function createMinuteLimiter(limit: number, now: Clock): MinuteLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key) {
      if (limit <= 0) return null;
      const at = now().getTime();
      const start = at - (at % WINDOW_MS);
      if (windows.size > SWEEP_ABOVE) {
        for (const [name, window] of windows) if (window.start < start) windows.delete(name);
      }
      const window = windows.get(key);
      if (!window || window.start !== start) {
        windows.set(key, { start, count: 1 });
        return null;
      }
      window.count += 1;
      return window.count > limit ? Math.max(1, Math.ceil((start + WINDOW_MS - at) / 1000)) : null;
    },
  };
}

/**
 * The key a client address is counted under: an IPv4 address as it is, an IPv6 address by its /64 (one network
 * hands a machine a whole /64, so counting single addresses would let it take 2^64 buckets).
 */
export function addressBucket(ip: string): string {
  if (!ip.includes(':')) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => (Number.parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}
