// What seed-demo loaded, and the lines the CLI prints about it.
import type { RoleName } from '../../contract/roles';
import type { CertificateStatus } from '../../contract/certificates';

export interface DemoSeedSummary {
  users: { email: string; name: string; role: RoleName }[];
  password: string;
  clients: number;
  certificates: Record<CertificateStatus, number>;
  expiringWithin7Days: number;
  expiringWithin30Days: number;
}

/** The lines `npm run cli -- seed-demo` prints. */
export function describeDemoSeed(summary: DemoSeedSummary): string {
  const total = Object.values(summary.certificates).reduce((a, b) => a + b, 0);
  const byStatus = Object.entries(summary.certificates)
    .map(([status, n]) => `${n} ${status}`)
    .join(', ');
  const signIns = (['owner', 'admin', 'editor', 'viewer'] as const)
    .map((role) => summary.users.find((u) => u.role === role))
    .filter((u) => u !== undefined)
    .map((u) => `  ${u.role.padEnd(7)} ${u.email}`);
  return [
    `Loaded demo data: ${summary.users.length} staff users, ${summary.clients} clients, ${total} certificates (${byStatus}).`,
    `${summary.expiringWithin7Days} certificates expire within 7 days, ${summary.expiringWithin30Days} within 30 days.`,
    `Sign in with password '${summary.password}' as, for example:`,
    ...signIns,
  ].join('\n');
}
