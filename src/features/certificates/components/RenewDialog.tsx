import { renewCertificateRequestSchema, type Certificate } from '../../../contract/certificates';
import { SeatFields } from './SeatFields';
import { fieldErrorsOf } from '../../../contract/errors';
import { CERTIFICATE_ERRORS, CERTIFICATES_TEXTS } from '../../../contract/ui-texts';
import { failureToast } from '../../../lib/api/call-errors';
import { formatDay } from '../../../lib/format/dates';
import { useFormSubmit, type PreparedSave } from '../../../lib/forms/use-form-submit';
import { DatePicker, TextArea, useToast } from '../../../ui';
import { CertificateActionDialog, CertificateActionForm } from './CertificateActionDialog';
import { useRenewCertificate } from '../api/renew-certificate';
import { quickEnd, RenewChanges, RenewPeriodChoice, type RenewPeriod } from './RenewPeriod';
import { LicenseTermsFields } from './LicenseTermsFields';
import { LICENSE_TERMS_TEXTS } from '../../../contract/texts/license-terms';

const TEXTS = CERTIFICATES_TEXTS.renew;
const PERIOD_LABELS = { month: TEXTS.plusMonth, year: TEXTS.plusYear, date: TEXTS.toDate };

interface RenewValues {
  period: RenewPeriod;
  /** The chosen day, for 'date'. */
  validTo: number | null;
  studioCount: number;
  userCount: number;
  notes: string;
  graceDays: number;
  fileLifetimeDays: number | null;
}

/** Days as the before-and-after list shows them: "7 days", "None" (no grace, no lifetime), "…" while empty. */
const daysText = (days: number | null) =>
  days === null || days === 0
    ? LICENSE_TERMS_TEXTS.detail.noGrace
    : Number.isNaN(days)
      ? '…'
      : LICENSE_TERMS_TEXTS.detail.lifetimeDays(days);

/** The end the values ask for; null while 'date' has no day yet. */
const endOf = (certificate: Certificate, values: RenewValues) =>
  values.period === 'date' ? values.validTo : quickEnd(certificate.validTo, values.period);

/**
 * Renew a certificate: a later end by a quick choice or a date, the seat counts (prefilled) and a note,
 * with what changes shown before → after as it is chosen. The contract's checks first, then the server's refusals
 * on their fields: an end not later or past, seats lowered after a download, an overlapping period (409, put on
 * the end by the call). It closes on success with a toast; the lists reload through the mutation.
 */
export function RenewDialog({ certificate, onClose }: { certificate: Certificate; onClose: () => void }) {
  return (
    <CertificateActionDialog texts={TEXTS} onClose={onClose}>
      <RenewForm certificate={certificate} onDone={onClose} />
    </CertificateActionDialog>
  );
}

function RenewForm({ certificate, onDone }: { certificate: Certificate; onDone: () => void }) {
  const toast = useToast();
  const renew = useRenewCertificate();

  const prepare = (values: RenewValues): PreparedSave<Certificate> => {
    const parsed = renewCertificateRequestSchema.safeParse({
      validTo: endOf(certificate, values) ?? undefined,
      // Only what changes is sent: an unchanged count is the certificate's anyway.
      ...(values.studioCount !== certificate.studioCount ? { studioCount: values.studioCount } : {}),
      ...(values.userCount !== certificate.userCount ? { userCount: values.userCount } : {}),
      ...(values.notes.trim() ? { notes: values.notes } : {}),
      ...(values.graceDays !== certificate.graceDays ? { graceDays: values.graceDays } : {}),
      ...(values.fileLifetimeDays !== certificate.fileLifetimeDays
        ? { fileLifetimeDays: values.fileLifetimeDays }
        : {}),
    });
    if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error.issues) };
    return { save: () => renew(certificate.uuid, parsed.data) };
  };

  const { values, field, change, formProps } = useFormSubmit({
    initialValues: (): RenewValues => ({
      period: 'year',
      validTo: null,
      studioCount: certificate.studioCount,
      userCount: certificate.userCount,
      notes: '',
      graceDays: certificate.graceDays,
      fileLifetimeDays: certificate.fileLifetimeDays,
    }),
    prepare,
    // The end's error depends on the choice as well as the day.
    linkedErrors: { period: ['validTo'] },
    onSaved: (renewed) => {
      toast.show({
        type: 'success',
        title: CERTIFICATES_TEXTS.toasts.renewed,
        description: CERTIFICATES_TEXTS.toasts.renewedDescription(
          renewed.serialNumber,
          formatDay(renewed.validTo),
        ),
      });
      onDone();
    },
    onFailed: (caught, fieldErrors) => {
      const failure = failureToast(caught, CERTIFICATES_TEXTS.toasts.renewFailed, CERTIFICATE_ERRORS.renew);
      toast.show(failure);
      return Object.keys(fieldErrors).length > 0 ? null : failure.description;
    },
  });

  const end = endOf(certificate, values);
  const endError = formProps.validationErrors.validTo;
  return (
    <CertificateActionForm texts={TEXTS} certificate={certificate} onCancel={onDone} formProps={formProps}>
      <RenewPeriodChoice
        label={TEXTS.periodLabel}
        labels={PERIOD_LABELS}
        value={values.period}
        onChange={change('period')}
        errorMessage={values.period === 'date' ? undefined : endError}
      />
      {values.period === 'date' && (
        <DatePicker label={TEXTS.validTo} {...field('validTo')} minValue={certificate.validTo} isRequired />
      )}
      <SeatFields field={field} />
      <LicenseTermsFields field={field} />
      <TextArea label={TEXTS.notes} {...field('notes')} rows={2} />
      <RenewChanges
        label={TEXTS.changesLabel}
        unchanged={TEXTS.unchanged}
        changes={[
          {
            term: TEXTS.changes.validTo,
            before: formatDay(certificate.validTo),
            after: end === null ? '…' : formatDay(end),
          },
          {
            term: TEXTS.changes.studios,
            before: String(certificate.studioCount),
            after: String(values.studioCount),
          },
          {
            term: TEXTS.changes.users,
            before: String(certificate.userCount),
            after: String(values.userCount),
          },
          {
            term: LICENSE_TERMS_TEXTS.detail.gracePeriod,
            before: daysText(certificate.graceDays),
            after: daysText(values.graceDays),
          },
          {
            term: LICENSE_TERMS_TEXTS.detail.fileLifetime,
            before: daysText(certificate.fileLifetimeDays),
            after: daysText(values.fileLifetimeDays),
          },
        ]}
      />
    </CertificateActionForm>
  );
}
