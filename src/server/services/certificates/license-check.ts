// "Validate this certificate's licence": the certificate page asks the server to run the validate call's
// checks on the licence it stored, for the certificate's own serial number. A staff check, so it never counts as
// the machine using its licence (no Last Used, no `used` record), and it reads nothing but the row: unlike a
// download, it records no history and moves no status.
import { eq } from 'drizzle-orm';
import { NO_LICENSE_YET_MESSAGE, type ValidateAnswer } from '../../../contract/licensing';
import { certificates } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import type { LicenseService } from '../../licensing/license-service';
import type { AppContext } from '../shared/context';

export function createLicenseCheck(
  { db }: Pick<AppContext, 'db'>,
  licenses: Pick<LicenseService, 'fileFor' | 'validate'>,
) {
  return {
    async licenseCheck(id: string): Promise<ValidateAnswer> {
      const [row] = await db
        .select({
          serialNumber: certificates.serialNumber,
          licensePayload: certificates.licensePayload,
          licenseSignature: certificates.licenseSignature,
          licenseKid: certificates.licenseKid,
        })
        .from(certificates)
        .where(eq(certificates.id, id));
      if (!row) throw notFound('Certificate');
      if (!row.licensePayload) throw conflict(NO_LICENSE_YET_MESSAGE);
      return licenses.validate(licenses.fileFor(row), row.serialNumber, { recordUse: false });
    },
  };
}
