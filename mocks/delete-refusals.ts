// The server's delete refusals over the mocks' in-memory data: the rules of
// src/server/services/clients/clients-service.ts and users-service.ts, so `deleteRefusal` and a DELETE's 409 agree.
import {
  CLIENT_MESSAGES,
  USER_MESSAGES,
  isLiveCertificate,
  type Certificate,
  type User,
} from '../src/contract';
import { FIXED_NOW } from './fixtures';

/** What the clients' rule reads of a certificate. */
export type CertificateFacts = Pick<Certificate, 'clientId' | 'status' | 'validTo'>;

/** A live certificate (a pending draft or a licence in force: the contract's `isLiveCertificate`) keeps its client. */
export const clientDeleteRefusal = (
  certificates: readonly CertificateFacts[],
  clientUuid: string,
  now = FIXED_NOW,
): string | null =>
  certificates.some((c) => c.clientId === clientUuid && isLiveCertificate(c.status, c.validTo, now))
    ? CLIENT_MESSAGES.hasLiveCertificates
    : null;

type OwnerFacts = Pick<User, 'uuid' | 'role' | 'isActive'>;
const isActiveOwner = (user: OwnerFacts) => user.role.name === 'owner' && user.isActive;

/** The last active owner cannot be deleted, whoever asks (the caller's own limits are 403s). */
export const userDeleteRefusal = (users: readonly OwnerFacts[], user: OwnerFacts): string | null =>
  isActiveOwner(user) && !users.some((other) => other.uuid !== user.uuid && isActiveOwner(other))
    ? USER_MESSAGES.lastActiveOwner
    : null;
