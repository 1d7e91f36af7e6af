// The wire shapes of a certificate and its history (docs/requirements.md#entities), and the columns they are read from.
import type {
  Certificate,
  CertificateRecord,
  CertificateStatus,
  HistoryAction,
} from '../../../contract/certificates';
import { certificates, clients } from '../../db/schema';
import type { LicensedCertificate } from '../../licensing/license-service';
import { graceUntilOf, isCheckInOverdue } from '../../../contract/license-terms';
import { effectiveStatusSql } from './status-rules';

/** A certificate row as lists read it: the licensed fields plus lifecycle state. */
export type CertificateRow = LicensedCertificate & {
  status: string;
  notes: string;
  lastUsedAt: Date | null;
  transferredFromId: string | null;
  transferredToId: string | null;
  licenseKid: string | null;
  licenseIssuedAt: Date | null;
  licenseFormat: string | null;
  licenseExpiresAt: Date | null;
  lastCheckInAt: Date | null;
  lastCheckInHostname: string | null;
  lastCheckInSoftwareVersion: string | null;
};

/** What every read selects (certificates joined to clients), the status as readers see it at `now`. */
export const certificateColumns = (now: Date) => ({
  id: certificates.id,
  clientId: certificates.clientId,
  clientName: clients.name,
  serialNumber: certificates.serialNumber,
  studioCount: certificates.studioCount,
  userCount: certificates.userCount,
  validFrom: certificates.validFrom,
  validTo: certificates.validTo,
  status: effectiveStatusSql(now),
  notes: certificates.notes,
  lastUsedAt: certificates.lastUsedAt,
  transferredFromId: certificates.transferredFromId,
  transferredToId: certificates.transferredToId,
  licenseKid: certificates.licenseKid,
  licenseIssuedAt: certificates.licenseIssuedAt,
  licenseFormat: certificates.licenseFormat,
  licenseExpiresAt: certificates.licenseExpiresAt,
  graceDays: certificates.graceDays,
  fileLifetimeDays: certificates.fileLifetimeDays,
  lastCheckInAt: certificates.lastCheckInAt,
  lastCheckInHostname: certificates.lastCheckInHostname,
  lastCheckInSoftwareVersion: certificates.lastCheckInSoftwareVersion,
});

/** The wire shape of a certificate; `now` decides whether its check-in is overdue. */
export function toCertificate(row: CertificateRow, now: Date): Certificate {
  const licenseIssuedAt = row.licenseIssuedAt?.getTime() ?? null;
  const lastCheckInAt = row.lastCheckInAt?.getTime() ?? null;
  return {
    uuid: row.id,
    clientId: row.clientId,
    clientName: row.clientName,
    serialNumber: row.serialNumber,
    studioCount: row.studioCount,
    userCount: row.userCount,
    validFrom: row.validFrom.getTime(),
    validTo: row.validTo.getTime(),
    status: row.status as CertificateStatus,
    notes: row.notes,
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.getTime() : null,
    transferredFrom: row.transferredFromId,
    transferredTo: row.transferredToId,
    license:
      row.licenseKid && row.licenseIssuedAt
        ? {
            kid: row.licenseKid,
            format: row.licenseFormat === 'v2' ? 'v2' : 'v1',
            issuedAt: row.licenseIssuedAt.getTime(),
            expiresAt: (row.licenseExpiresAt ?? row.validTo).getTime(),
          }
        : null,
    graceDays: row.graceDays,
    graceUntil: graceUntilOf(row.validTo.getTime(), row.graceDays),
    fileLifetimeDays: row.fileLifetimeDays,
    lastCheckInAt,
    lastCheckInHostname: row.lastCheckInHostname,
    lastCheckInSoftwareVersion: row.lastCheckInSoftwareVersion,
    checkInOverdue: isCheckInOverdue(
      { status: row.status, fileLifetimeDays: row.fileLifetimeDays, lastCheckInAt, licenseIssuedAt },
      now.getTime(),
    ),
  };
}

/** The wire shape of a history record. */
export function toRecord(row: {
  id: string;
  action: string;
  description: string;
  actorName: string | null;
  createdAt: Date;
}): CertificateRecord {
  return {
    uuid: row.id,
    action: row.action as HistoryAction,
    description: row.description,
    createdAt: row.createdAt.getTime(),
    performBy: row.actorName ? { name: row.actorName } : null,
  };
}
