// What every service needs: the database, the validated environment and a clock tests can move.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import type { RoleName } from '../../../contract/roles';

export type Clock = () => Date;

export interface AppContext {
  db: Db;
  env: Env;
  now: Clock;
  log: FastifyBaseLogger;
}

/**
 * Who makes a change: a signed-in staff user, or an API token acting with its role (then `id` is the token's id
 * and `name` reads "API token '...'", as history and the activity log show it).
 */
export interface Actor {
  id: string;
  name: string;
  role: RoleName;
  /** The session of a signed-in user (a password change keeps it); null for an API token. */
  sessionId: string | null;
}
