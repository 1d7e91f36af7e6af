// The owners' certificate defaults (`GET`/`PUT /settings/certificate-defaults`): the grace period and file lifetime a
// create applies when it omits them, and the licence file format the server signs. One row of app_settings, read
// where it is needed (a create, a signing) rather than cached, so a change made through any process holds in every
// process at once. No row means INITIAL_CERTIFICATE_DEFAULTS (a new database); the migration that brought v2 stored
// `v1` on every database that existed before it.
import { eq } from 'drizzle-orm';
import {
  INITIAL_CERTIFICATE_DEFAULTS,
  certificateDefaultsSchema,
  type CertificateDefaults,
} from '../../../contract/license-terms';
import { CHANGE_ARROW } from '../../../contract/certificates';
import { describeTermsChange } from '../../../contract/certificate-texts';
import type { Db, Tx } from '../../db/client';
import { appSettings } from '../../db/schema';
import { recordActivity } from '../shared/audit';
import type { AppContext } from '../shared/context';

const KEY = 'certificate_defaults';

// A hand-edited row never breaks a create: a member that does not fit reads as its initial value.
const storedSchema = certificateDefaultsSchema
  .extend({
    graceDays: certificateDefaultsSchema.shape.graceDays.catch(INITIAL_CERTIFICATE_DEFAULTS.graceDays),
    fileLifetimeDays: certificateDefaultsSchema.shape.fileLifetimeDays.catch(
      INITIAL_CERTIFICATE_DEFAULTS.fileLifetimeDays,
    ),
    licenseFormat: certificateDefaultsSchema.shape.licenseFormat.catch(
      INITIAL_CERTIFICATE_DEFAULTS.licenseFormat,
    ),
  })
  .strip();

const defaultsOf = (value: unknown): CertificateDefaults => {
  const parsed = storedSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : INITIAL_CERTIFICATE_DEFAULTS;
};

/** The defaults in force now, read inside `db` (a transaction sees its own change). */
export async function readCertificateDefaults(db: Db | Tx): Promise<CertificateDefaults> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, KEY));
  return row ? defaultsOf(row.value) : INITIAL_CERTIFICATE_DEFAULTS;
}

function describeChange(before: CertificateDefaults, after: CertificateDefaults): string {
  const parts = [describeTermsChange(before, after)].filter(Boolean);
  if (before.licenseFormat !== after.licenseFormat)
    parts.push(`licence file format ${before.licenseFormat} ${CHANGE_ARROW} ${after.licenseFormat}`);
  return parts.join('; ');
}

export interface CertificateDefaultsService {
  get(): Promise<CertificateDefaults>;
  /** Replaces the defaults under the row's lock, recording the change in the activity log. */
  update(actor: { id: string; name: string }, next: CertificateDefaults): Promise<CertificateDefaults>;
}

export function createCertificateDefaultsService({
  db,
  now,
}: Pick<AppContext, 'db' | 'now'>): CertificateDefaultsService {
  return {
    get: () => readCertificateDefaults(db),
    update: (actor, next) =>
      db.transaction(async (tx) => {
        const at = now();
        const before = await readCertificateDefaults(tx);
        await tx.insert(appSettings).values({ key: KEY, value: before, updatedAt: at }).onConflictDoNothing();
        await tx.select().from(appSettings).where(eq(appSettings.key, KEY)).for('update');
        const change = describeChange(before, next);
        if (!change) return next;
        await tx.update(appSettings).set({ value: next, updatedAt: at }).where(eq(appSettings.key, KEY));
        await recordActivity(tx, actor, {
          type: 'settings.certificate_defaults_changed',
          targetType: 'settings',
          targetId: KEY,
          description: `Certificate defaults: ${change}`,
          at,
        });
        return next;
      }),
  };
}
