import type { CertificateRecord } from '../../../contract/certificates';
import { CERTIFICATES_TEXTS } from '../../../contract/ui-texts';
import { formatDateTime } from '../../../lib/format/dates';
import { ChangeText } from '../../../ui';
import { ActionBadge } from './ActionBadge';
import * as styles from './HistoryTimeline.css';

const TEXTS = CERTIFICATES_TEXTS.history;

/** A certificate's history as a timeline, newest first: when, what, by whom ('System' where no one acted). */
export function HistoryTimeline({
  records,
  label,
}: {
  records: readonly CertificateRecord[];
  label: string;
}) {
  if (records.length === 0) return <p className={styles.empty}>{TEXTS.empty}</p>;
  return (
    <ol className={styles.timeline} aria-label={label}>
      {records.map((record) => (
        <li key={record.uuid} className={styles.entry}>
          <div className={styles.head}>
            <ActionBadge action={record.action} />
            <time dateTime={new Date(record.createdAt).toISOString()} className={styles.time}>
              {formatDateTime(record.createdAt)}
            </time>
          </div>
          <p className={styles.description}>
            <ChangeText text={record.description} />
          </p>
          <p className={styles.actor}>{record.performBy?.name || TEXTS.system}</p>
        </li>
      ))}
    </ol>
  );
}
