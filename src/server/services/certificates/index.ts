// The certificates service (docs/architecture.md "The server"): the reads of queries.ts and the commands of
// lifecycle.ts behind one object, created once in app.ts. The parts:
// - lifecycle.ts: create, edit, delete and the lifecycle steps, checked against the lifecycle table of
//   src/contract/certificate-lifecycle.ts; the one writer of a certificate's status;
// - queries.ts: the list and its counters, the selection's ids, the export's batches, one certificate, its history;
// - presenter.ts: the wire shapes and the columns they are read from;
// - status-rules.ts: "effective status" in SQL; draft-rules.ts: dates, and the serial number's lock and read that
//   the overlap rule is asked with (the rules themselves: src/contract/certificate-rules.ts);
// - records.ts: the history record and activity row each change writes (texts: src/contract/certificate-texts.ts);
// - bulk.ts: the bulk calls, each id through the single command; licence-files.ts: licence files and their zip;
// - renewals.ts: renewing a certificate and moving it to another machine;
// - licence-check.ts: the validate call's checks on a certificate's stored licence, for its page;
// - defaults.ts: the owners' certificate defaults (grace, file lifetime, the licence file format).
import type { AppContext } from '../shared/context';
import { createCertificateBulkCommands } from './bulk';
import { createCertificateCommands, type LicenseIssuer } from './lifecycle';
import { createLicenseCheck } from './license-check';
import { createCertificateQueries } from './queries';
import { createRenewalCommands } from './renewals';

export type { DownloadResult, LicenseIssuer } from './lifecycle';
export { createCertificateDefaultsService } from './defaults';

export type CertificatesService = ReturnType<typeof createCertificatesService>;

export function createCertificatesService(ctx: AppContext, licenses: LicenseIssuer) {
  const commands = { ...createCertificateCommands(ctx, licenses), ...createRenewalCommands(ctx, licenses) };
  return {
    ...createCertificateQueries(ctx),
    ...createLicenseCheck(ctx, licenses),
    ...commands,
    ...createCertificateBulkCommands(ctx, commands),
  };
}
