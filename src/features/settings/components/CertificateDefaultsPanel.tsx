import { useId } from 'react';
import { fieldErrorsOf } from '../../../contract/errors';
import {
  certificateDefaultsSchema,
  LICENSE_FORMATS,
  MIN_FILE_LIFETIME_DAYS,
  type CertificateDefaults,
  type LicenseFormatName,
} from '../../../contract/license-terms';
import {
  CERTIFICATE_DEFAULTS_TEXTS as TEXTS,
  LICENSE_TERMS_FIELDS as FIELDS,
} from '../../../contract/texts/license-terms';
import { can } from '../../../contract/roles';
import { LoadFailedBanner } from '../../../lib/lists/LoadFailedBanner';
import { reportSaveFailure, useFormSubmit, type PreparedSave } from '../../../lib/forms/use-form-submit';
import { useSessionState } from '../../../lib/session';
import {
  Button,
  ErrorBanner,
  Form,
  FormActions,
  layout,
  LoadingState,
  NumberField,
  Select,
  useToast,
  type SelectOption,
} from '../../../ui';
import { useCertificateDefaults } from '../api/get-certificate-defaults';
import { useUpdateCertificateDefaults } from '../api/update-certificate-defaults';
import * as styles from '../SettingsPage.css';

const FORMAT_OPTIONS: SelectOption<LicenseFormatName>[] = LICENSE_FORMATS.map((format) => ({
  id: format,
  label: TEXTS.formatOptions[format],
}));

/** Whole days only: a fraction is not offered, and a typed one is the contract's error. */
const WHOLE_DAYS = { maximumFractionDigits: 0 } as const;

/**
 * The owners' certificate defaults (`/settings/certificate-defaults`): the grace period and licence file lifetime a
 * new certificate starts with, and the licence file format the server signs. Owners change them (one Save for the
 * three); anyone else who opens the page reads them, as the server lets every role read them.
 */
export function CertificateDefaultsPanel() {
  const headingId = useId();
  const session = useSessionState();
  const isOwner = session.status === 'authenticated' && can(session.user.role.name, 'settings:manage');
  const defaults = useCertificateDefaults();
  const data = defaults.data;
  return (
    <section className={layout.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={layout.panelTitle}>
        {TEXTS.heading}
      </h2>
      <p className={styles.hint}>{TEXTS.intro}</p>
      <LoadFailedBanner error={defaults.error} onRetry={() => defaults.mutate()} />
      {defaults.isLoading && <LoadingState label={TEXTS.loading} size="inline" />}
      {data &&
        (isOwner ? (
          // A fresh form for each saved state, so it starts from what the server holds.
          <DefaultsForm key={JSON.stringify(data)} saved={data} />
        ) : (
          <ReadOnlyDefaults defaults={data} />
        ))}
    </section>
  );
}

function ReadOnlyDefaults({ defaults }: { defaults: CertificateDefaults }) {
  return (
    <>
      <dl className={styles.facts}>
        <dt>{FIELDS.graceDays}</dt>
        <dd>{defaults.graceDays}</dd>
        <dt>{FIELDS.fileLifetimeDays}</dt>
        <dd>{defaults.fileLifetimeDays ?? TEXTS.none}</dd>
        <dt>{TEXTS.licenseFormat}</dt>
        <dd>{TEXTS.formatOptions[defaults.licenseFormat]}</dd>
      </dl>
      <p className={styles.hint}>{TEXTS.readOnly}</p>
    </>
  );
}

function DefaultsForm({ saved }: { saved: CertificateDefaults }) {
  const toast = useToast();
  const update = useUpdateCertificateDefaults();

  const prepare = (values: CertificateDefaults): PreparedSave<CertificateDefaults> => {
    const parsed = certificateDefaultsSchema.safeParse(values);
    if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error.issues) };
    return { save: () => update(parsed.data) };
  };

  const { field, formProps } = useFormSubmit({
    initialValues: () => saved,
    prepare,
    onSaved: () => toast.show({ type: 'success', ...TEXTS.toasts.saved }),
    onFailed: (caught, fieldErrors) => reportSaveFailure(toast, caught, fieldErrors, TEXTS.toasts.saveFailed),
  });
  const lifetime = field('fileLifetimeDays');

  return (
    <Form
      onSubmit={formProps.onSubmit}
      validationErrors={formProps.validationErrors}
      aria-label={TEXTS.heading}
    >
      {formProps.error && <ErrorBanner message={formProps.error} />}
      <div className={styles.fields}>
        <NumberField
          label={FIELDS.graceDays}
          description={FIELDS.graceDaysDescription}
          {...field('graceDays')}
          minValue={0}
          formatOptions={WHOLE_DAYS}
          isRequired
        />
        <NumberField
          label={FIELDS.fileLifetimeDays}
          description={FIELDS.fileLifetimeDaysDescription}
          {...lifetime}
          value={lifetime.value ?? Number.NaN}
          onChange={(value) => lifetime.onChange(Number.isNaN(value) ? null : value)}
          minValue={MIN_FILE_LIFETIME_DAYS}
          formatOptions={WHOLE_DAYS}
        />
        <Select
          label={TEXTS.licenseFormat}
          description={TEXTS.formatDescription}
          options={FORMAT_OPTIONS}
          {...field('licenseFormat')}
          errorMessage={formProps.validationErrors.licenseFormat}
        />
      </div>
      <FormActions>
        <Button type="submit" isPending={formProps.isSubmitting}>
          {formProps.isSubmitting ? TEXTS.saving : TEXTS.save}
        </Button>
      </FormActions>
    </Form>
  );
}
