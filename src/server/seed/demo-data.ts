// The demo set's fixed data and its deterministic plan (seed-demo, demo.ts): staff, companies, addresses, notes,
// the mix of certificate statuses and end dates, all drawn from one seeded PRNG so every run looks alike.
import type { RoleName } from '../../contract/roles';
import type { CertificateStatus } from '../../contract/certificates';

export const STAFF: { name: string; role: RoleName }[] = [
  { name: 'Olivia Bennett', role: 'owner' },
  { name: 'Marcus Chen', role: 'admin' },
  { name: 'Priya Raman', role: 'admin' },
  { name: 'Sofia Alvarez', role: 'editor' },
  { name: 'Daniel Okafor', role: 'editor' },
  { name: 'Hannah Weiss', role: 'editor' },
  { name: 'Liam Novak', role: 'viewer' },
  { name: 'Aisha Karim', role: 'viewer' },
  { name: 'Tom Fischer', role: 'viewer' },
];

export const COMPANIES = [
  'Northwind Pictures',
  'Blue Harbor Post',
  'Silverline Animation',
  'Redwood Sound Studios',
  'Aurora Visual Effects',
  'Kestrel Games',
  'Lumen Color Lab',
  'Harborview Media',
  'Pinecrest Films',
  'Crimson Peak Audio',
  'Atlas Broadcast Group',
  'Meridian Studios',
  'Nimbus Interactive',
  'Quarry Lane Post',
  'Saltwater Pictures',
  'Granite Edit House',
  'Vantage Motion Design',
  'Beacon Documentary Co.',
  'Orchid VFX',
  'Foxglove Animation',
  'Ironbridge Games',
  'Marigold Sound',
  'Polaris Post Production',
  'Tidewater Studios',
  'Juniper Creative',
  'Obsidian Audio Labs',
  'Cobalt Color',
  'Windmill Pictures',
  'Summit Broadcast',
  'Lighthouse Media Lab',
];
export const CITIES = [
  'Portland, OR',
  'Austin, TX',
  'Vancouver, BC',
  'London, UK',
  'Berlin, DE',
  'Montreal, QC',
  'Atlanta, GA',
  'Dublin, IE',
  'Los Angeles, CA',
  'Wellington, NZ',
];
export const STREETS = [
  'Market Street',
  'Harbour Road',
  'Mill Lane',
  'King Street',
  'Station Road',
  'Riverside Drive',
  'Elm Avenue',
  'Canal Street',
];
export const DESCRIPTIONS = [
  'Feature film post-production and finishing.',
  'Commercials, music videos and colour grading.',
  'Episodic animation for streaming services.',
  'Sound design, mixing and ADR stages.',
  'Game studio with two office locations.',
  'Broadcast graphics and live production.',
  'Documentary production house.',
  'Visual effects for film and television.',
];
export const NOTES = [
  '',
  '',
  '',
  'Edit bay workstation',
  'Render node',
  'Grading suite',
  'Mix stage A',
  'Loaner for the festival season',
  'Replaces an older machine',
  'Remote editor laptop',
];
export const REVOKE_REASONS = [
  'Machine replaced',
  'Hardware failure',
  'Contract ended',
  'Seat count renegotiated',
  'Licence reissued to a new machine',
  '',
];

/** mulberry32: a tiny deterministic PRNG, so the demo looks the same on every run. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

export const emailOf = (name: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@demo.example`;
export const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export interface PlannedCertificate {
  status: CertificateStatus;
  /** validTo relative to now, in days. */
  endsInDays: number;
}

/** 200 certificates: the mix of statuses and end dates (some within 7 and 30 days). */
export function planCertificates(random: ReturnType<typeof prng>): PlannedCertificate[] {
  const plan: PlannedCertificate[] = [];
  const add = (count: number, status: CertificateStatus, from: number, to: number) => {
    for (let i = 0; i < count; i += 1) plan.push({ status, endsInDays: from + random.next() * (to - from) });
  };
  add(25, 'pending', 300, 400);
  add(6, 'active', 0.2, 6.8);
  add(12, 'active', 8, 29.5);
  add(62, 'active', 31, 360);
  add(3, 'distributed', 0.5, 6.5);
  add(6, 'distributed', 8, 29.5);
  add(36, 'distributed', 31, 360);
  add(30, 'expired', -200, -1);
  add(20, 'revoked', 20, 300);
  // Shuffle, so statuses spread over clients and creation times.
  for (let i = plan.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random.next() * (i + 1));
    [plan[i], plan[j]] = [plan[j]!, plan[i]!];
  }
  return plan;
}

export function serialNumber(random: ReturnType<typeof prng>): string {
  const hex = (n: number) =>
    Array.from({ length: n }, () => random.int(0, 15).toString(16).toUpperCase()).join('');
  const alnum = (n: number) =>
    Array.from({ length: n }, () => random.pick([...'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'])).join('');
  switch (random.int(0, 3)) {
    case 0:
      return `C02${alnum(8)}`;
    case 1:
      return `WS-${random.int(2021, 2026)}-${String(random.int(1, 99999)).padStart(5, '0')}`;
    case 2:
      return Array.from({ length: 6 }, () => hex(2)).join(':');
    default:
      return `SRV-${hex(4)}-${hex(4)}`;
  }
}
