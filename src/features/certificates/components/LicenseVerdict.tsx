import { LICENSE_CHECK_TEXTS, type LicenseValidation } from '../../../contract/licensing';
import { VALIDATE_LICENSE_TEXTS as TEXTS } from '../../../contract/ui-texts';
import { formatDay } from '../../../lib/format/dates';
import { StatusBadge } from '../../../ui';
import * as styles from './LicenseVerdict.css';

/** The server's verdict on a licence: the code, what it means, and the certificate it belongs to when known. */
export function LicenseVerdict({ verdict }: { verdict: LicenseValidation }) {
  const { certificate } = verdict;
  return (
    <section role="status" aria-label={TEXTS.verdict} className={styles.verdict} data-valid={verdict.valid}>
      <p className={styles.verdictTitle}>
        {verdict.valid ? TEXTS.validTitle : TEXTS.invalidTitle}: <code>{verdict.code}</code>
      </p>
      <p>{LICENSE_CHECK_TEXTS[verdict.code]}</p>
      {verdict.message !== LICENSE_CHECK_TEXTS[verdict.code] && <p>{verdict.message}</p>}
      {certificate && (
        <dl className={styles.details}>
          <dt>{TEXTS.certificate}</dt>
          <dd>
            {certificate.serialNumber} · {certificate.clientName}
          </dd>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={certificate.status} />
          </dd>
          <dt>Valid</dt>
          <dd>
            {formatDay(certificate.validFrom)} – {formatDay(certificate.validTo)}
          </dd>
        </dl>
      )}
    </section>
  );
}
