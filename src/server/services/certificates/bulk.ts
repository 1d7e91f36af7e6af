// The certificates' bulk calls: `POST /certificates/bulk` runs one lifecycle command on every id, and
// `POST /certificates/download` the single POST download on every id, through the shared runner of
// services/shared/bulk.ts, so each certificate gets exactly the rules, history, activity and counters of the single call.
import type { CertificatesBulkOutcome, CertificatesBulkRequest } from '../../../contract/certificates';
import type { Actor, AppContext } from '../shared/context';
import { outcomesOf, runBulk } from '../shared/bulk';
import { licenseZip, licensesZipName } from './license-files';
import type { createCertificateCommands, DownloadResult } from './lifecycle';
import type { createRenewalCommands } from './renewals';

type Commands = ReturnType<typeof createCertificateCommands> &
  Pick<ReturnType<typeof createRenewalCommands>, 'renew' | 'extend'>;
/** The request as validated (the reason trimmed by the contract). */
type BulkRequest = Omit<CertificatesBulkRequest, 'ids'> & { ids: readonly string[] };

export function createCertificateBulkCommands(ctx: Pick<AppContext, 'now'>, commands: Commands) {
  /**
   * The licence of every id that has one to hand out (active or distributed), each marked distributed as the
   * single POST download marks it; the others (not found, pending, expired, revoked) are left out. Lazy: each
   * download runs when the zip asks for the next file.
   */
  async function* distributeEach(actor: Actor, ids: readonly string[]): AsyncGenerator<DownloadResult> {
    for await (const outcome of outcomesOf(ids, (id) =>
      commands.download(actor, id, { markDistributed: true }),
    ))
      if (outcome.ok) yield outcome.answer;
  }

  return {
    /** Each id with the single action's rules; a deleted certificate has no status after it. */
    bulk(
      actor: Actor,
      { action, ids, reason, validTo, extendBy }: BulkRequest,
    ): Promise<CertificatesBulkOutcome> {
      const one = {
        activate: (id: string) => commands.activate(actor, id),
        // The single renewal on each id, only the end moved (counts and notes stay): `validTo` as sent, or
        // `extendBy` months from that certificate's own end (the contract makes sure exactly one is sent).
        renew: (id: string) =>
          extendBy
            ? commands.extend(actor, id, extendBy.months)
            : commands.renew(actor, id, { validTo: validTo! }),
        revoke: (id: string) => commands.revoke(actor, id, reason),
        delete: (id: string) => commands.remove(actor, id).then(() => undefined),
      }[action];
      return runBulk(ids, one, (certificate) => certificate?.status);
    },

    /** `{name, stream}`: the zip of those licences (licence-files.ts), or the 409 when there is none. */
    async licenseZip(actor: Actor, ids: readonly string[]) {
      const at = ctx.now();
      return { name: licensesZipName(at), stream: await licenseZip(distributeEach(actor, ids), at) };
    },
  };
}
