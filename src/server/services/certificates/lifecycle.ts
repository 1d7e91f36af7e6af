// Certificate commands: create, edit, delete and the lifecycle steps of docs/requirements.md#certificate-lifecycle,
// each checked against the lifecycle table (src/contract/certificate-lifecycle.ts) and the rule functions of
// src/contract/certificate-rules.ts, given the facts this module reads under its locks, and writing its history
// record, activity row (texts of src/contract/certificate-texts.ts) and counters in the same transaction as the
// change. The msw handlers call the same rule and text functions, so they cannot say otherwise. This module is the
// one writer of a certificate row's lifecycle fields (status and the updatedAt that goes with it), the expiry
// sweep's batch included (`expirePastDue`); licensing stores the signed licence and the licence check its usage
// (ADR 0007).
//
// Concurrency: every step locks the certificate row (`SELECT ... FOR UPDATE`) and re-checks its status under
// the lock, so two processes never apply one step twice or write duplicate history. Serial-number overlap
// checks run under a transaction-scoped advisory lock on the serial number (draft-rules.ts). Lock order:
// certificate row, advisory lock, client row, counter rows (ADR 0004).
import { eq, sql } from 'drizzle-orm';
import {
  CERTIFICATE_LIFECYCLE,
  effectiveStatus,
  statusAfter,
  type LifecycleAction,
} from '../../../contract/certificate-lifecycle';
import {
  activationRefusal,
  editRefusal,
  editedFields,
  inactiveClientRefusal,
  lifecycleRefusal,
} from '../../../contract/certificate-rules';
import type { AmendCertificateRequest } from '../../../contract/license-terms';
import {
  CERTIFICATE_ACTIVITY,
  CERTIFICATE_HISTORY,
  changedFields,
  describeTermsChange,
  touchesValidity,
  type DraftFields,
} from '../../../contract/certificate-texts';
import type {
  Certificate,
  CertificateStatus,
  CreateCertificateRequest,
  UpdateCertificateRequest,
} from '../../../contract/certificates';
import { CERTIFICATE_MESSAGES } from '../../../contract/certificates';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { certificateRecords, certificates, clients } from '../../db/schema';
import { tsParam } from '../../db/sql';
import { notFound, refused, validationFailed } from '../../errors';
import type { LicenseFile, LicenseService } from '../../licensing/license-service';
import type { Actor, AppContext } from '../shared/context';
import { adjustCertificateCounters } from '../shared/counters';
import { assertClientAllows } from '../clients/inactive-clients';
import { assertNoOverlap, dateField } from './draft-rules';
import { readCertificateDefaults } from './defaults';
import { certificateColumns, toCertificate, type CertificateRow } from './presenter';
import { findCertificate } from './queries';
import { recordCertificateActivity as activity, recordHistory } from './records';
import { pastDueSql } from './status-rules';

/** What this service needs from licensing: signing on activation and renewal, the file on download, the page's check. */
export type LicenseIssuer = Pick<LicenseService, 'issue' | 'reissue' | 'fileFor' | 'validate'>;

export interface DownloadResult {
  certificate: Certificate;
  file: LicenseFile;
}

export type LockedCertificate = CertificateRow & {
  storedStatus: CertificateStatus;
  licensePayload: string | null;
  licenseSignature: string | null;
  licenseKid: string | null;
};

/** The certificate row, locked for the rest of the transaction; 404 when there is none. */
export async function lock(tx: Tx, id: string, at: Date): Promise<LockedCertificate> {
  const [row] = await tx
    .select({
      ...certificateColumns(at),
      storedStatus: certificates.status,
      licensePayload: certificates.licensePayload,
      licenseSignature: certificates.licenseSignature,
      licenseKid: certificates.licenseKid,
    })
    .from(certificates)
    .innerJoin(clients, eq(clients.id, certificates.clientId))
    .where(eq(certificates.id, id))
    .for('update', { of: certificates });
  if (!row) throw notFound('Certificate');
  return { ...row, storedStatus: row.storedStatus as CertificateStatus };
}

/**
 * Moves a locked row to `to` and its counters with it; a move to the same status only touches updatedAt. `validTo` is
 * the period's end after this step, when the step has moved it (a renewal), for the ending counters.
 */
export async function setStatus(
  tx: Tx,
  row: LockedCertificate,
  to: CertificateStatus,
  at: Date,
  validTo: Date = row.validTo,
) {
  await tx
    .update(certificates)
    .set(to === row.storedStatus ? { updatedAt: at } : { status: to, updatedAt: at })
    .where(eq(certificates.id, row.id));
  await adjustCertificateCounters(
    tx,
    row.clientId,
    { status: row.storedStatus, validTo: row.validTo },
    { status: to, validTo },
  );
}

/** A row the expiry sweep expired. */
export interface ExpiredRow {
  id: string;
  client_id: string;
  serial_number: string;
  client_name: string;
  old_status: CertificateStatus;
  valid_to: Date | string;
}

/**
 * The sweep's write: up to `batchSize` past-due certificates become expired. Rows another sweeper holds are
 * skipped (`SKIP LOCKED`), so concurrent sweeps share the work. The caller writes history, counters, activity.
 */
export async function expirePastDue(tx: Db | Tx, at: Date, batchSize: number): Promise<ExpiredRow[]> {
  return queryRows<ExpiredRow>(
    tx,
    sql`
      with due as (
        select id, status as old_status from certificates
        where ${pastDueSql(at)}
        order by valid_to, id
        limit ${batchSize}
        for update skip locked
      )
      update certificates c set status = 'expired', updated_at = ${tsParam(at)}
      from due, clients cl
      where c.id = due.id and cl.id = c.client_id
      returning c.id, c.client_id, c.serial_number, cl.name as client_name, due.old_status, c.valid_to`,
  );
}

/** A step's work, given the locked row (with the status readers see) and the step's time. */
export type StepWork = (tx: Tx, row: LockedCertificate, status: CertificateStatus, at: Date) => Promise<void>;

/**
 * Runs one lifecycle step: lock, check the table for the status the reader sees, apply, answer the certificate.
 * `apply` may answer another certificate's id (a transfer answers the new one).
 */
export function lifecycleStep(
  { db, now }: Pick<AppContext, 'db' | 'now'>,
  id: string,
  action: LifecycleAction,
  apply: (tx: Tx, row: LockedCertificate, status: CertificateStatus, at: Date) => Promise<string | void>,
): Promise<Certificate> {
  return db.transaction(async (tx) => {
    const locked = await lock(tx, id, now());
    // The step's time is read once the row is ours: a step that waited for another's lock is recorded after
    // it, so history lists steps in the order they happened even when they arrived the other way round.
    const at = now();
    const status = effectiveStatus(locked.storedStatus, locked.validTo.getTime(), at.getTime());
    const row: LockedCertificate = { ...locked, status };
    const refusal = lifecycleRefusal(action, status);
    if (refusal) throw refused(refusal);
    const answered = (await apply(tx, row, status, at)) ?? id;
    const updated = await findCertificate(tx, answered, at);
    if (!updated) throw notFound('Certificate');
    return updated;
  });
}

/** A locked draft's fields as the contract's edit rules read them (epoch ms). */
const draftFieldsOf = (row: LockedCertificate): DraftFields => ({
  serialNumber: row.serialNumber,
  studioCount: row.studioCount,
  userCount: row.userCount,
  validFrom: row.validFrom.getTime(),
  validTo: row.validTo.getTime(),
  notes: row.notes,
  graceDays: row.graceDays,
  fileLifetimeDays: row.fileLifetimeDays,
});

export function createCertificateCommands(ctx: Pick<AppContext, 'db' | 'now'>, licenses: LicenseIssuer) {
  const { db, now } = ctx;

  const step = (id: string, action: LifecycleAction, apply: StepWork) =>
    lifecycleStep(ctx, id, action, apply);

  const { activate, generate, download, revoke, amend } = CERTIFICATE_LIFECYCLE;

  return {
    async create(actor: Actor, input: CreateCertificateRequest): Promise<Certificate> {
      const at = now();
      const validFrom = dateField(input.validFrom, 'validFrom');
      const validTo = dateField(input.validTo, 'validTo');
      const id = crypto.randomUUID();
      return db.transaction(async (tx) => {
        // Locked so the client cannot be deactivated or deleted between this check and the insert.
        const [client] = await tx
          .select({
            id: clients.id,
            name: clients.name,
            isActive: clients.isActive,
            deletedAt: clients.deletedAt,
          })
          .from(clients)
          .where(eq(clients.id, input.clientId))
          .for('update');
        if (!client || client.deletedAt)
          throw validationFailed({ clientId: CERTIFICATE_MESSAGES.clientNotFound });
        const inactive = inactiveClientRefusal('create', client);
        if (inactive) throw refused(inactive);
        await assertNoOverlap(tx, input.serialNumber, validFrom, validTo, at, undefined, 'serialNumber');
        // Terms the request omits are the owners' defaults, read in this transaction.
        const defaults =
          input.graceDays === undefined || input.fileLifetimeDays === undefined
            ? await readCertificateDefaults(tx)
            : undefined;
        await tx.insert(certificates).values({
          id,
          clientId: client.id,
          serialNumber: input.serialNumber,
          studioCount: input.studioCount,
          userCount: input.userCount,
          validFrom,
          validTo,
          status: 'pending',
          notes: input.notes ?? '',
          graceDays: input.graceDays ?? defaults!.graceDays,
          fileLifetimeDays:
            input.fileLifetimeDays === undefined ? defaults!.fileLifetimeDays : input.fileLifetimeDays,
          createdAt: at,
          updatedAt: at,
        });
        const terms = { ...input, validFrom: validFrom.getTime(), validTo: validTo.getTime() };
        await recordHistory(tx, id, 'created', CERTIFICATE_HISTORY.created(client.name, terms), actor, at);
        await adjustCertificateCounters(tx, client.id, null, { status: 'pending', validTo });
        const target = { id, serialNumber: input.serialNumber, clientName: client.name };
        await activity(tx, actor, 'created', target, CERTIFICATE_ACTIVITY.created(terms), at);
        const created = await findCertificate(tx, id, at);
        if (!created) throw notFound('Certificate');
        return created;
      });
    },

    async update(actor: Actor, id: string, input: UpdateCertificateRequest): Promise<Certificate> {
      const at = now();
      return db.transaction(async (tx) => {
        const row = await lock(tx, id, at);
        const status = row.status as CertificateStatus;
        const notEditable = lifecycleRefusal('edit', status);
        if (notEditable) throw refused(notEditable);
        // Dates the wire cannot carry are refused before the rules read them.
        if (input.validFrom !== undefined) dateField(input.validFrom, 'validFrom');
        if (input.validTo !== undefined) dateField(input.validTo, 'validTo');
        const current = draftFieldsOf(row);
        const next = editedFields(current, input);
        const refusal = editRefusal(status, input, next);
        if (refusal) throw refused(refusal);
        const changed = changedFields(next, current);
        if (changed.length === 0) return toCertificate(row, at);
        const period = { validFrom: new Date(next.validFrom), validTo: new Date(next.validTo) };
        if (touchesValidity(changed))
          await assertNoOverlap(
            tx,
            next.serialNumber,
            period.validFrom,
            period.validTo,
            at,
            id,
            'serialNumber',
          );
        await tx
          .update(certificates)
          .set({ ...next, ...period, updatedAt: at })
          .where(eq(certificates.id, id));
        await recordHistory(tx, id, 'updated', CERTIFICATE_HISTORY.updated(changed), actor, at);
        const target = { id, serialNumber: next.serialNumber, clientName: row.clientName };
        await activity(tx, actor, 'updated', target, CERTIFICATE_ACTIVITY.updated(changed), at);
        const updated = await findCertificate(tx, id, at);
        if (!updated) throw notFound('Certificate');
        return updated;
      });
    },

    /**
     * Deletes a pending certificate. A hard delete (with its history): no licence was ever signed for it,
     * so nothing outside refers to it; the activity row keeps the audit trail.
     */
    async remove(actor: Actor, id: string): Promise<void> {
      const at = now();
      await db.transaction(async (tx) => {
        const row = await lock(tx, id, at);
        const refusal = lifecycleRefusal('delete', row.status as CertificateStatus);
        if (refusal) throw refused(refusal);
        await tx.delete(certificateRecords).where(eq(certificateRecords.certificateId, id));
        await tx.delete(certificates).where(eq(certificates.id, id));
        await adjustCertificateCounters(
          tx,
          row.clientId,
          { status: row.storedStatus, validTo: row.validTo },
          null,
        );
        await activity(tx, actor, 'deleted', row, CERTIFICATE_ACTIVITY.deleted, at);
      });
    },

    activate(actor: Actor, id: string): Promise<Certificate> {
      return step(id, 'activate', async (tx, row, status, at) => {
        const ended = activationRefusal({ validTo: row.validTo.getTime() }, at.getTime());
        if (ended) throw refused(ended);
        await assertClientAllows(tx, 'activate', row.clientId);
        await setStatus(tx, row, statusAfter('activate', status)!, at);
        await licenses.issue(tx, row, at);
        await recordHistory(tx, id, activate.records, CERTIFICATE_HISTORY.activated, actor, at);
        await activity(tx, actor, 'activated', row, CERTIFICATE_ACTIVITY.activated, at);
      });
    },

    generate(actor: Actor, id: string): Promise<Certificate> {
      return step(id, 'generate', async (tx, row, status, at) => {
        await assertClientAllows(tx, 'generate', row.clientId);
        await licenses.reissue(tx, row, at);
        await setStatus(tx, row, statusAfter('generate', status)!, at);
        await recordHistory(tx, id, generate.records, CERTIFICATE_HISTORY.generated, actor, at);
        await activity(tx, actor, 'renewed', row, CERTIFICATE_ACTIVITY.generated, at);
      });
    },

    /** Records a download and returns the licence file; `markDistributed` makes an active one distributed. */
    async download(
      actor: Actor,
      id: string,
      { markDistributed }: { markDistributed: boolean },
    ): Promise<DownloadResult> {
      let file: LicenseFile | undefined;
      const certificate = await step(id, 'download', async (tx, row, status, at) => {
        let stored: Pick<LockedCertificate, 'licensePayload' | 'licenseSignature' | 'licenseKid'> = row;
        if (!row.licensePayload) {
          // Activated before signing was available: sign now so a download always yields a licence.
          await licenses.issue(tx, row, at);
          const [signed] = await tx
            .select({
              licensePayload: certificates.licensePayload,
              licenseSignature: certificates.licenseSignature,
              licenseKid: certificates.licenseKid,
            })
            .from(certificates)
            .where(eq(certificates.id, id));
          if (signed) stored = signed;
        }
        file = licenses.fileFor(stored);
        // GET hands the file out again without moving the status (the table's `leadsTo` is the POST's).
        const to = markDistributed ? statusAfter('download', status)! : status;
        await setStatus(tx, row, to, at);
        await recordHistory(tx, id, download.records, CERTIFICATE_HISTORY.downloaded, actor, at);
        await activity(tx, actor, 'downloaded', row, CERTIFICATE_ACTIVITY.downloaded, at);
      });
      if (!file) throw new Error('licence file missing after download');
      return { certificate, file };
    },

    /** New licence terms for a signed licence (`PUT /certificates/{id}/terms`): stored, then the licence signed again. */
    amend(actor: Actor, id: string, input: AmendCertificateRequest): Promise<Certificate> {
      return step(id, 'amend', async (tx, row, _status, at) => {
        await assertClientAllows(tx, 'amend', row.clientId);
        const before = { graceDays: row.graceDays, fileLifetimeDays: row.fileLifetimeDays };
        const after = {
          graceDays: input.graceDays ?? before.graceDays,
          fileLifetimeDays:
            input.fileLifetimeDays === undefined ? before.fileLifetimeDays : input.fileLifetimeDays,
        };
        const changes = describeTermsChange(before, after);
        if (!changes) return;
        await tx
          .update(certificates)
          .set({ ...after, updatedAt: at })
          .where(eq(certificates.id, id));
        await licenses.reissue(tx, { ...row, ...after }, at);
        await recordHistory(tx, id, amend.records, CERTIFICATE_HISTORY.amended(changes), actor, at);
        await activity(tx, actor, 'updated', row, CERTIFICATE_ACTIVITY.amended(changes), at);
      });
    },

    revoke(actor: Actor, id: string, reason: string | undefined): Promise<Certificate> {
      return step(id, 'revoke', async (tx, row, status, at) => {
        await setStatus(tx, row, statusAfter('revoke', status)!, at);
        await recordHistory(tx, id, revoke.records, CERTIFICATE_HISTORY.revoked(reason), actor, at);
        await activity(tx, actor, 'revoked', row, CERTIFICATE_ACTIVITY.revoked(reason), at);
      });
    },
  };
}
