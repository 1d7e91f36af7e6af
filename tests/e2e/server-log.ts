import { existsSync, readFileSync } from 'node:fs';
import { ROLE_IDS, type CreateUserRequest } from '../../src/contract';

/** The accounts the end-to-end tests use: the bootstrap owner and a viewer created at setup. */
export const E2E_ACCOUNTS = {
  owner: { email: 'owner@e2e.test', password: 'Bootstrap-Owner-1', name: 'Owner' },
  viewer: {
    email: 'viewer@e2e.test',
    password: 'Viewer-Password-1',
    name: 'Viewer',
    create: {
      name: 'Viewer',
      email: 'viewer@e2e.test',
      password: 'Viewer-Password-1',
      roleId: ROLE_IDS.viewer,
    } satisfies CreateUserRequest,
  },
} as const;

/** The last `count` lines the server wrote, for failure output (CI keeps only the output). */
export function lastServerLogLines(logFile = process.env.E2E_SERVER_LOG, count = 50): string {
  if (!logFile || !existsSync(logFile)) return '(no server log)';
  const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n');
  return lines.slice(-count).join('\n');
}
