// What every service needs: the database, the validated environment and a clock tests can move.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { RoleName } from '../../contract/roles';

export type Clock = () => Date;

export interface AppContext {
  db: Db;
  env: Env;
  now: Clock;
  log: FastifyBaseLogger;
}

/** The signed-in staff user, attached to the request by the auth plugin. */
export interface Actor {
  id: string;
  name: string;
  role: RoleName;
}
