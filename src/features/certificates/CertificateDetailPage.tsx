import { useId, type ComponentType } from 'react';
import { Link, useParams } from 'react-router';
import { CERTIFICATES_TEXTS as TEXTS } from '../../contract/ui-texts';
import { ApiError } from '../../lib/api';
import { formatDateTimeOr, formatDay } from '../../lib/format/dates';
import { LoadFailedBanner } from '../../lib/lists/LoadFailedBanner';
import { Button, layout, LoadingState, PageHeader, StatusBadge, useToast } from '../../ui';
import { useCertificate } from './api/get-certificate';
import { useCertificateRecords } from './api/get-certificate-records';
import { certificatePath } from './certificate-path';
import { HistoryTimeline } from './components/HistoryTimeline';
import * as styles from './CertificateDetailPage.css';

const T = TEXTS.detail;

function TransferLink({ id, label }: { id: string; label: (serial: string) => string }) {
  const other = useCertificate(id);
  return (
    <Link className={styles.link} to={certificatePath(id)}>
      {other.data ? label(other.data.serialNumber) : TEXTS.history.loadingLink}
    </Link>
  );
}

/**
 * A certificate's own page (issue 20), at `/certificates/{id}` so it can be linked from a ticket or a chat: its
 * fields, the certificates it was transferred from or to, and its whole history as a timeline. An id the server
 * does not know (or a deleted draft) shows the app's Not Found page, which the app passes in.
 */
export function CertificateDetailPage({ NotFound }: { NotFound: ComponentType }) {
  const { id = '' } = useParams();
  const toast = useToast();
  const certificate = useCertificate(id);
  const records = useCertificateRecords(certificate.data ? id : null);
  const historyId = useId();

  // 404: no such certificate (or a deleted draft); 400: an address that cannot be an id.
  if (certificate.error instanceof ApiError && [400, 404].includes(certificate.error.status)) {
    return <NotFound />;
  }
  const shown = certificate.data;
  if (!shown) {
    return (
      <div className={layout.page}>
        <LoadFailedBanner error={certificate.error} onRetry={() => certificate.mutate()} />
        {!certificate.error && <LoadingState label={T.loading} />}
      </div>
    );
  }

  const copySerial = async () => {
    try {
      await navigator.clipboard.writeText(shown.serialNumber);
      toast.show({ type: 'success', title: T.copied, description: T.copiedDescription(shown.serialNumber) });
    } catch {
      toast.show({ type: 'destructive', title: T.copyFailed, description: T.copyFailedDescription });
    }
  };

  return (
    <div className={layout.page}>
      <PageHeader
        title={shown.serialNumber}
        section={TEXTS.title}
        actions={
          <>
            <Button variant="secondary" onPress={() => void copySerial()}>
              {T.copySerial}
            </Button>
            <Link className={styles.backLink} to="/certificates">
              {T.backToList}
            </Link>
          </>
        }
      />
      <section className={layout.panel} aria-label={T.detailsHeading}>
        <h2 className={layout.panelTitle}>{T.detailsHeading}</h2>
        <dl className={layout.details}>
          <dt>{TEXTS.columns.status}</dt>
          <dd>
            <StatusBadge status={shown.status} />
          </dd>
          <dt>{TEXTS.columns.serialNumber}</dt>
          <dd className={styles.serial}>{shown.serialNumber}</dd>
          <dt>{TEXTS.columns.client}</dt>
          <dd>
            <Link className={styles.link} to={`/certificates?clientId=${encodeURIComponent(shown.clientId)}`}>
              {shown.clientName}
            </Link>
          </dd>
          <dt>{TEXTS.columns.licenseDetails}</dt>
          <dd>{`${TEXTS.studios(shown.studioCount)}, ${TEXTS.users(shown.userCount)}`}</dd>
          <dt>{TEXTS.columns.validity}</dt>
          <dd>{`${formatDay(shown.validFrom)} – ${formatDay(shown.validTo)}`}</dd>
          <dt>{TEXTS.columns.lastUsed}</dt>
          <dd>{formatDateTimeOr(shown.lastUsedAt, TEXTS.never)}</dd>
          <dt>{TEXTS.form.notes}</dt>
          <dd className={styles.notes}>{shown.notes || T.noNotes}</dd>
          {shown.transferredFrom && (
            <>
              <dt>{TEXTS.history.linksLabel}</dt>
              <dd>
                <TransferLink id={shown.transferredFrom} label={TEXTS.history.transferredFrom} />
              </dd>
            </>
          )}
          {shown.transferredTo && (
            <>
              <dt>{TEXTS.history.linksLabel}</dt>
              <dd>
                <TransferLink id={shown.transferredTo} label={TEXTS.history.transferredTo} />
              </dd>
            </>
          )}
        </dl>
      </section>
      <section className={layout.panel} aria-labelledby={historyId}>
        <h2 id={historyId} className={layout.panelTitle}>
          {T.historyHeading}
        </h2>
        <LoadFailedBanner error={records.error} onRetry={() => records.mutate()} />
        {records.data ? (
          <HistoryTimeline records={records.data} label={TEXTS.history.title(shown.serialNumber)} />
        ) : (
          !records.error && <LoadingState label={TEXTS.history.loading} size="inline" />
        )}
      </section>
    </div>
  );
}
