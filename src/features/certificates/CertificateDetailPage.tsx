import { listReturnPath } from '../../lib/routing/list-return';
import { useId, useState, type ComponentType } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Certificate } from '../../contract/certificates';
import type { LicenseValidation } from '../../contract/licensing';
import { CERTIFICATE_ERRORS, CERTIFICATES_TEXTS as TEXTS, LAYOUT_TEXTS } from '../../contract/ui-texts';
import { formatDateTime, formatDateTimeOr, formatDay } from '../../lib/format/dates';
import { isMissingItem, ItemNotLoaded } from '../../lib/lists/ItemNotLoaded';
import { LoadFailedBanner } from '../../lib/lists/LoadFailedBanner';
import { certificatePath, clientPath } from '../../lib/routing/entity-paths';
import { useApi, useSessionState } from '../../lib/session';
import { useRememberOpened } from '../../lib/routing/recent-items';
import { Button, ErrorBanner, layout, LoadingState, PageHeader, StatusBadge, useToast } from '../../ui';
import { checkLicense } from './api/check-license';
import { useCertificate } from './api/get-certificate';
import { useCertificateRecords } from './api/get-certificate-records';
import { HistoryTimeline } from './components/HistoryTimeline';
import { LicenseVerdict } from './components/LicenseVerdict';
import { ACTION_VARIANT, pageActionsFor, type PageAction } from './row-actions';
import { LICENSE_TERMS_TEXTS as TERMS } from '../../contract/texts/license-terms';
import { TermsBadge } from './components/TermsBadge';
import { AmendTermsDialog } from './lazy-dialogs';
import { useCertificateActions, type CertificateActions } from './use-certificate-actions';
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

const actionLabel = (action: PageAction) => (action === 'amend' ? TERMS.editTerms : TEXTS.actions[action]);

/**
 * The lifecycle steps the status allows and the role may take, as buttons (History is the page's timeline), with
 * Edit Terms, which only this page offers.
 */
function CertificateActionBar({
  certificate,
  actions,
}: {
  certificate: Certificate;
  actions: CertificateActions;
}) {
  const session = useSessionState();
  const role = session.status === 'authenticated' ? session.user.role.name : 'viewer';
  const steps = pageActionsFor(certificate.status, role);
  if (steps.length === 0) return null;
  const { busy } = actions;
  return (
    <div className={styles.actionBar} role="group" aria-label={T.actionsLabel}>
      {steps.map((action) => {
        const isBusy = busy?.id === certificate.uuid && busy.action === action;
        return (
          <Button
            key={action}
            variant={ACTION_VARIANT[action]}
            isPending={isBusy}
            isDisabled={busy !== null && !isBusy}
            onPress={() => actions.onAction(action, certificate)}
            {...(action === 'amend'
              ? { onHoverStart: AmendTermsDialog.preload, onFocus: AmendTermsDialog.preload }
              : {})}
          >
            {actionLabel(action)}
          </Button>
        );
      })}
    </div>
  );
}

/** The licence the certificate carries (its signing key and time) and the server's verdict on it, on demand. */
function LicensePanel({ certificate }: { certificate: Certificate }) {
  const api = useApi();
  const headingId = useId();
  const [verdict, setVerdict] = useState<LicenseValidation | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isChecking, setChecking] = useState(false);
  const { license } = certificate;

  const check = async () => {
    setChecking(true);
    setFailure(null);
    try {
      setVerdict(await checkLicense(api, certificate.uuid));
    } catch (error) {
      setVerdict(null);
      setFailure(error instanceof Error ? error.message : CERTIFICATE_ERRORS.validate);
    } finally {
      setChecking(false);
    }
  };

  return (
    <section className={layout.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={layout.panelTitle}>
        {T.licenseHeading}
      </h2>
      {license ? (
        <>
          <dl className={layout.details}>
            <dt>{TERMS.detail.fileFormat}</dt>
            <dd>{TERMS.detail.formatNames[license.format]}</dd>
            <dt>{T.signingKey}</dt>
            <dd className={styles.serial}>{license.kid}</dd>
            <dt>{TERMS.detail.fileIssuedAt}</dt>
            <dd>{formatDateTime(license.issuedAt)}</dd>
            <dt>{TERMS.detail.fileExpiresAt}</dt>
            <dd>{formatDateTime(license.expiresAt)}</dd>
          </dl>
          <p className={styles.hint}>{T.validateHint}</p>
          <div>
            <Button variant="secondary" onPress={() => void check()} isPending={isChecking}>
              {isChecking ? T.validating : T.validateLicense}
            </Button>
          </div>
          {failure && <ErrorBanner message={failure} />}
          {verdict && <LicenseVerdict verdict={verdict} />}
        </>
      ) : (
        <p>{T.notSigned}</p>
      )}
    </section>
  );
}

/**
 * A certificate's own page, at `/certificates/{id}` so it can be linked from a ticket or a chat: its
 * fields and licence, the lifecycle steps its status and the user's role allow, the certificates it was transferred
 * from or to, and its whole history as a timeline. An id the server does not know (or a deleted draft) shows the
 * app's Not Found page, which the app passes in.
 */
export function CertificateDetailPage({ NotFound }: { NotFound: ComponentType }) {
  const { id = '' } = useParams();
  const toast = useToast();
  const navigate = useNavigate();
  const actions = useCertificateActions({ onDeleted: () => void navigate('/certificates') });
  const certificate = useCertificate(id);
  const records = useCertificateRecords(certificate.data ? id : null);
  const historyId = useId();
  const session = useSessionState();
  useRememberOpened(
    session.status === 'authenticated' ? session.user.uuid : null,
    certificate.data && {
      kind: 'certificate',
      uuid: certificate.data.uuid,
      label: certificate.data.serialNumber,
      detail: certificate.data.clientName,
    },
  );

  if (isMissingItem(certificate.error)) return <NotFound />;
  const shown = certificate.data;
  if (!shown) {
    return (
      <ItemNotLoaded
        error={certificate.error}
        onRetry={() => certificate.mutate()}
        loadingLabel={T.loading}
      />
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
        sectionHref={listReturnPath('/certificates')}
        breadcrumbLabel={LAYOUT_TEXTS.breadcrumbs}
        actions={
          <>
            <Button variant="secondary" onPress={() => void copySerial()}>
              {T.copySerial}
            </Button>
            <Link className={styles.backLink} to={listReturnPath('/certificates')}>
              {T.backToList}
            </Link>
          </>
        }
      />
      <CertificateActionBar certificate={shown} actions={actions} />
      <section className={layout.panel} aria-label={T.detailsHeading}>
        <h2 className={layout.panelTitle}>{T.detailsHeading}</h2>
        <dl className={layout.details}>
          <dt>{TEXTS.columns.status}</dt>
          <dd className={styles.badges}>
            <StatusBadge status={shown.status} />
            {/* Ended, but its machines still work: the grace end is what matters now. */}
            {shown.status === 'expired' && shown.graceUntil > Date.now() && (
              <TermsBadge tone="info">{TERMS.badges.graceUntil(formatDay(shown.graceUntil))}</TermsBadge>
            )}
          </dd>
          <dt>{TEXTS.columns.serialNumber}</dt>
          <dd className={styles.serial}>{shown.serialNumber}</dd>
          <dt>{TEXTS.columns.client}</dt>
          <dd>
            <Link className={styles.link} to={clientPath(shown.clientId)}>
              {shown.clientName}
            </Link>
          </dd>
          <dt>{TEXTS.columns.licenseDetails}</dt>
          <dd>{`${TEXTS.studios(shown.studioCount)}, ${TEXTS.users(shown.userCount)}`}</dd>
          <dt>{TEXTS.columns.validity}</dt>
          <dd>{`${formatDay(shown.validFrom)} – ${formatDay(shown.validTo)}`}</dd>
          <dt>{TERMS.detail.gracePeriod}</dt>
          <dd>
            {shown.graceDays === 0
              ? TERMS.detail.noGrace
              : TERMS.detail.graceDays(shown.graceDays, formatDay(shown.graceUntil))}
          </dd>
          <dt>{TERMS.detail.fileLifetime}</dt>
          <dd>
            {shown.fileLifetimeDays === null
              ? TERMS.detail.noLifetime
              : TERMS.detail.lifetimeDays(shown.fileLifetimeDays)}
          </dd>
          <dt>{TEXTS.columns.lastUsed}</dt>
          <dd>{formatDateTimeOr(shown.lastUsedAt, TEXTS.never)}</dd>
          <dt>{TERMS.detail.lastCheckIn}</dt>
          <dd className={styles.badges}>
            <span>
              {shown.lastCheckInAt === null
                ? TERMS.detail.never
                : TERMS.detail.checkInFrom(
                    formatDateTime(shown.lastCheckInAt),
                    shown.lastCheckInHostname,
                    shown.lastCheckInSoftwareVersion,
                  )}
            </span>
            {shown.checkInOverdue && <TermsBadge tone="warning">{TERMS.badges.overdue}</TermsBadge>}
          </dd>
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
      <LicensePanel key={shown.license?.issuedAt ?? 'unsigned'} certificate={shown} />
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
      {actions.dialogs}
    </div>
  );
}
