// The mock server's certificate commands over its in-memory store, for the single calls and the bulk ones alike.
// Nothing here decides a certificate's fate: each command asks the lifecycle table and the rule functions of
// src/contract/certificate-rules.ts, in the order the server's services ask them (services/certificates/lifecycle.ts
// and renewals.ts), given the facts the store holds, and writes the history and activity texts of
// src/contract/certificate-texts.ts. What is the mock's own is storage: the list, the records, the clock
// (FIXED_NOW) and who acts (the editor). tests/server/lifecycle-table.test.ts compares every answer and text with
// the real API's.
import type { z } from 'zod';
import {
  CERTIFICATE_ACTIVITY,
  CERTIFICATE_LIFECYCLE,
  CERTIFICATE_HISTORY,
  CERTIFICATE_MESSAGES,
  activationRefusal,
  certificateActivityText,
  changedFields,
  describeRenewal,
  describeTermsChange,
  editRefusal,
  editedFields,
  effectiveStatus,
  fieldRefusal,
  inactiveClientRefusal,
  lifecycleRefusal,
  loweredSeats,
  renewalRefusal,
  renewedTerms,
  serialOverlapRefusal,
  statusAfter,
  touchesValidity,
  transferRefusal,
  type Certificate,
  type CertificateRecord,
  type ClientRuleAction,
  type DraftFields,
  type LifecycleAction,
  type Refusal,
  type RenewCertificateRequest,
  type createCertificateRequestSchema,
  type updateCertificateRequestSchema,
} from '../../src/contract';
import type { AmendCertificateRequest, LicenseTerms } from '../../src/contract/license-terms';
import { FIXED_NOW, mockUsers } from '../fixtures';
import { signedLicense, withDerivedTerms } from '../fixtures/certificates';
import type { CertificateStore } from './certificate-store';

/** A command's outcome: the certificate it answers with, or the contract's refusal. */
export type Outcome = { ok: true; certificate: Certificate } | { ok: false; refusal: Refusal };

const done = (certificate: Certificate): Outcome => ({ ok: true, certificate });
const refusedWith = (refusal: Refusal): Outcome => ({ ok: false, refusal });

let nextId = 1;
/** A fresh id for a mock certificate or record. */
export const newUuid = () => `3f000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;

/** The status a reader sees at the mocks' now (an active licence past its end reads as expired). */
export const seenStatus = (target: Certificate) => effectiveStatus(target.status, target.validTo, FIXED_NOW);

const draftOf = (c: Certificate): DraftFields => ({
  serialNumber: c.serialNumber,
  studioCount: c.studioCount,
  userCount: c.userCount,
  validFrom: c.validFrom,
  validTo: c.validTo,
  notes: c.notes,
  graceDays: c.graceDays,
  fileLifetimeDays: c.fileLifetimeDays,
});

/** The terms after a request that may omit either (null is a value: no lifetime), as the server reads them. */
const termsAfter = (
  current: LicenseTerms,
  request: { graceDays?: number | undefined; fileLifetimeDays?: number | null | undefined },
): LicenseTerms => ({
  graceDays: request.graceDays ?? current.graceDays,
  fileLifetimeDays:
    request.fileLifetimeDays === undefined ? current.fileLifetimeDays : request.fileLifetimeDays,
});

const termsOf = (c: Certificate): LicenseTerms => ({
  graceDays: c.graceDays,
  fileLifetimeDays: c.fileLifetimeDays,
});

export type CertificateCommands = ReturnType<typeof certificateCommands>;

export function certificateCommands(store: CertificateStore) {
  const now = FIXED_NOW;

  const record = (target: Certificate, action: CertificateRecord['action'], description: string) => {
    const list = store.records.get(target.uuid) ?? [];
    list.unshift({
      uuid: newUuid(),
      action,
      description,
      createdAt: now,
      performBy: { name: mockUsers.editor.name },
    });
    store.records.set(target.uuid, list);
  };
  const activity = (target: Certificate, kind: string, what: string) =>
    store.activity.push({
      type: `certificate.${kind}`,
      targetId: target.uuid,
      description: certificateActivityText(target, what),
    });

  /** Signs `target`'s licence now, in the format the owners' defaults and its terms call for. */
  const sign = (target: Certificate) => {
    target.license = signedLicense(target, store.defaults.licenseFormat, now);
  };

  /**
   * Moves `target` where the table says `action` leads from the status it reads as, signing when the step signs;
   * then what follows from its facts (grace end, overdue) is read again.
   */
  const move = (target: Certificate, action: LifecycleAction) => {
    target.status = statusAfter(action, seenStatus(target)) ?? target.status;
    if (action === 'activate' || action === 'renew' || action === 'generate' || action === 'amend')
      sign(target);
    withDerivedTerms(target, now);
  };

  /** The inactive-client rule, the client looked up in the store (one not there counts as active). */
  const clientRefusal = (action: ClientRuleAction, target: Pick<Certificate, 'clientId'>) => {
    const client = store.clients.find((c) => c.uuid === target.clientId);
    return client ? inactiveClientRefusal(action, client) : null;
  };

  /** The overlap rule over the store's certificates of `serialNumber`. */
  const overlapRefusal = (
    serialNumber: string,
    period: { validFrom: number; validTo: number },
    options: { exceptId?: string; field?: 'serialNumber' },
  ) =>
    serialOverlapRefusal(
      serialNumber,
      store.certificates
        .filter((c) => c.serialNumber === serialNumber)
        .map((c) => ({ id: c.uuid, status: c.status, validFrom: c.validFrom, validTo: c.validTo })),
      period,
      now,
      options,
    );

  /** A `downloaded` record at or after the licence's last signing, as the server reads its records. */
  const downloadedSinceSigned = (target: Certificate) => {
    const signedAt = target.license?.issuedAt;
    return (store.records.get(target.uuid) ?? []).some(
      (r) => r.action === 'downloaded' && (signedAt === undefined || r.createdAt >= signedAt),
    );
  };

  return {
    create(input: z.output<typeof createCertificateRequestSchema>): Outcome {
      const owner = store.clients.find((c) => c.uuid === input.clientId);
      if (!owner) return refusedWith(fieldRefusal({ clientId: CERTIFICATE_MESSAGES.clientNotFound }));
      const refusal =
        inactiveClientRefusal('create', owner) ??
        overlapRefusal(input.serialNumber, input, { field: 'serialNumber' });
      if (refusal) return refusedWith(refusal);
      // Terms the request omits are the owners' defaults.
      const created: Certificate = withDerivedTerms(
        {
          uuid: newUuid(),
          ...input,
          ...termsAfter(store.defaults, input),
          clientName: owner.name,
          status: 'pending',
          lastUsedAt: null,
          transferredFrom: null,
          transferredTo: null,
          license: null,
          graceUntil: input.validTo,
          lastCheckInAt: null,
          lastCheckInHostname: null,
          lastCheckInSoftwareVersion: null,
          checkInOverdue: false,
        },
        now,
      );
      store.certificates.unshift(created);
      store.records.set(created.uuid, []);
      record(created, 'created', CERTIFICATE_HISTORY.created(owner.name, input));
      activity(created, 'created', CERTIFICATE_ACTIVITY.created(input));
      return done(created);
    },

    update(target: Certificate, input: z.output<typeof updateCertificateRequestSchema>): Outcome {
      const status = seenStatus(target);
      const current = draftOf(target);
      const next = editedFields(current, input);
      const refusal = lifecycleRefusal('edit', status) ?? editRefusal(status, input, next);
      if (refusal) return refusedWith(refusal);
      const changed = changedFields(next, current);
      if (changed.length === 0) return done(target);
      if (touchesValidity(changed)) {
        const clash = overlapRefusal(next.serialNumber, next, {
          exceptId: target.uuid,
          field: 'serialNumber',
        });
        if (clash) return refusedWith(clash);
      }
      Object.assign(target, next);
      withDerivedTerms(target, now);
      record(target, 'updated', CERTIFICATE_HISTORY.updated(changed));
      activity(target, 'updated', CERTIFICATE_ACTIVITY.updated(changed));
      return done(target);
    },

    remove(target: Certificate): Outcome {
      const refusal = lifecycleRefusal('delete', seenStatus(target));
      if (refusal) return refusedWith(refusal);
      store.certificates = store.certificates.filter((c) => c !== target);
      store.records.delete(target.uuid);
      activity(target, 'deleted', CERTIFICATE_ACTIVITY.deleted);
      return done(target);
    },

    activate(target: Certificate): Outcome {
      const refusal =
        lifecycleRefusal('activate', seenStatus(target)) ??
        activationRefusal(target, now) ??
        clientRefusal('activate', target);
      if (refusal) return refusedWith(refusal);
      move(target, 'activate');
      record(target, 'activated', CERTIFICATE_HISTORY.activated);
      activity(target, 'activated', CERTIFICATE_ACTIVITY.activated);
      return done(target);
    },

    generate(target: Certificate): Outcome {
      const refusal = lifecycleRefusal('generate', seenStatus(target)) ?? clientRefusal('generate', target);
      if (refusal) return refusedWith(refusal);
      move(target, 'generate');
      record(target, 'renewed', CERTIFICATE_HISTORY.generated);
      activity(target, 'renewed', CERTIFICATE_ACTIVITY.generated);
      return done(target);
    },

    download(target: Certificate): Outcome {
      const refusal = lifecycleRefusal('download', seenStatus(target));
      if (refusal) return refusedWith(refusal);
      move(target, 'download');
      record(target, 'downloaded', CERTIFICATE_HISTORY.downloaded);
      activity(target, 'downloaded', CERTIFICATE_ACTIVITY.downloaded);
      return done(target);
    },

    revoke(target: Certificate, reason: string | undefined): Outcome {
      const refusal = lifecycleRefusal('revoke', seenStatus(target));
      if (refusal) return refusedWith(refusal);
      move(target, 'revoke');
      record(target, 'revoked', CERTIFICATE_HISTORY.revoked(reason));
      activity(target, 'revoked', CERTIFICATE_ACTIVITY.revoked(reason));
      return done(target);
    },

    renew(target: Certificate, input: RenewCertificateRequest): Outcome {
      const notAllowed = lifecycleRefusal('renew', seenStatus(target));
      if (notAllowed) return refusedWith(notAllowed);
      const current = {
        validTo: target.validTo,
        studioCount: target.studioCount,
        userCount: target.userCount,
      };
      const next = renewedTerms(current, input);
      const refusal =
        renewalRefusal({
          current,
          request: input,
          now,
          downloadedSinceSigned: loweredSeats(current, next).length > 0 && downloadedSinceSigned(target),
        }) ??
        clientRefusal('renew', target) ??
        (next.validTo === current.validTo
          ? null
          : overlapRefusal(
              target.serialNumber,
              { validFrom: target.validFrom, validTo: next.validTo },
              { exceptId: target.uuid },
            ));
      if (refusal) return refusedWith(refusal);
      const termsBefore = termsOf(target);
      const terms = termsAfter(termsBefore, input);
      Object.assign(target, next, terms, input.notes === undefined ? {} : { notes: input.notes });
      move(target, 'renew');
      const changes = [describeRenewal(current, next), describeTermsChange(termsBefore, terms)]
        .filter(Boolean)
        .join('; ');
      record(target, 'renewed', CERTIFICATE_HISTORY.renewed(changes));
      activity(target, 'renewed', CERTIFICATE_ACTIVITY.renewed(changes));
      return done(target);
    },

    /** New terms for a signed licence, signed again; the status stays. Unchanged terms change nothing. */
    amend(target: Certificate, input: AmendCertificateRequest): Outcome {
      const refusal = lifecycleRefusal('amend', seenStatus(target)) ?? clientRefusal('amend', target);
      if (refusal) return refusedWith(refusal);
      const before = termsOf(target);
      const after = termsAfter(before, input);
      const changes = describeTermsChange(before, after);
      if (!changes) return done(target);
      Object.assign(target, after);
      move(target, 'amend');
      record(target, CERTIFICATE_LIFECYCLE.amend.records, CERTIFICATE_HISTORY.amended(changes));
      activity(target, 'updated', CERTIFICATE_ACTIVITY.amended(changes));
      return done(target);
    },

    /** Answers the new certificate; the old one is revoked, linked both ways. */
    transfer(target: Certificate, input: { serialNumber: string; reason?: string }): Outcome {
      const { serialNumber, reason } = input;
      const refusal =
        lifecycleRefusal('transfer', seenStatus(target)) ??
        transferRefusal(target, input) ??
        clientRefusal('transfer', target) ??
        overlapRefusal(serialNumber, { validFrom: now, validTo: target.validTo }, { field: 'serialNumber' });
      if (refusal) return refusedWith(refusal);
      const moved: Certificate = {
        ...target,
        uuid: newUuid(),
        serialNumber,
        validFrom: now,
        status: 'active',
        lastUsedAt: null,
        transferredFrom: target.uuid,
        transferredTo: null,
        // The licence moves with its terms; the new machine has not checked in yet.
        lastCheckInAt: null,
        lastCheckInHostname: null,
        lastCheckInSoftwareVersion: null,
      };
      sign(moved);
      withDerivedTerms(moved, now);
      store.certificates.unshift(moved);
      store.records.set(moved.uuid, []);
      record(moved, 'created', CERTIFICATE_HISTORY.transferredIn(target.serialNumber, moved));
      record(moved, 'activated', CERTIFICATE_HISTORY.transferredInSigned(target.serialNumber));
      move(target, 'transfer');
      target.transferredTo = moved.uuid;
      record(target, 'revoked', CERTIFICATE_HISTORY.transferredOut(serialNumber, reason));
      activity(target, 'transferred', CERTIFICATE_ACTIVITY.transferred(serialNumber));
      return done(moved);
    },
  };
}
