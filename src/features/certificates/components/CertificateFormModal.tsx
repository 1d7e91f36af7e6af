import {
  createCertificateRequestSchema,
  updateCertificateRequestSchema,
  type Certificate,
} from '../../../contract/certificates';
import { SeatFields } from './SeatFields';
import { DAY_MS, DEFAULT_STUDIO_COUNT, DEFAULT_USER_COUNT } from '../../../contract/constants';
import { CERTIFICATES_TEXTS } from '../../../contract/ui-texts';
import { useEffect, useRef } from 'react';
import { DatePicker, DialogForm, Modal, TextArea, TextField, useToast } from '../../../ui';
import { INITIAL_CERTIFICATE_DEFAULTS, type LicenseTerms } from '../../../contract/license-terms';
import { useCertificateDefaults } from '../api/get-certificate-defaults';
import { LicenseTermsFields } from './LicenseTermsFields';
import { reportSaveFailure, useFormSubmit, type PreparedSave } from '../../../lib/forms/use-form-submit';
import { useCreateCertificate } from '../api/create-certificate';
import { useUpdateCertificate } from '../api/update-certificate';
import { ClientPicker } from './ClientPicker';
import { fieldErrorsOf } from '../../../contract/errors';

const TEXTS = CERTIFICATES_TEXTS.form;

interface FormValues {
  clientId: string | null;
  clientName: string;
  serialNumber: string;
  studioCount: number;
  userCount: number;
  validFrom: number | null;
  validTo: number | null;
  notes: string;
  graceDays: number;
  fileLifetimeDays: number | null;
}

/** Midnight UTC of today: the date pickers' days are UTC calendar days. */
const todayUtc = (now: number) => Math.floor(now / DAY_MS) * DAY_MS;

/** The same calendar day one year later (29 February becomes 1 March). */
function oneYearLater(dayMs: number): number {
  const date = new Date(dayMs);
  return Date.UTC(date.getUTCFullYear() + 1, date.getUTCMonth(), date.getUTCDate());
}

/**
 * New certificates: studio 1, user 1, valid from today to one year later (docs/requirements.md#constants), and the
 * owners' licence terms (`terms`).
 */
function initialValues(
  certificate: Certificate | null,
  forClient: ClientChoice | undefined,
  terms: LicenseTerms,
): FormValues {
  if (certificate) {
    const { clientId, clientName, serialNumber, studioCount, userCount, validFrom, validTo, notes } =
      certificate;
    const { graceDays, fileLifetimeDays } = certificate;
    return {
      clientId,
      clientName,
      serialNumber,
      studioCount,
      userCount,
      validFrom,
      validTo,
      notes,
      graceDays,
      fileLifetimeDays,
    };
  }
  const from = todayUtc(Date.now());
  return {
    clientId: forClient?.id ?? null,
    clientName: forClient?.name ?? '',
    serialNumber: '',
    studioCount: DEFAULT_STUDIO_COUNT,
    userCount: DEFAULT_USER_COUNT,
    validFrom: from,
    validTo: oneYearLater(from),
    notes: '',
    graceDays: terms.graceDays,
    fileLifetimeDays: terms.fileLifetimeDays,
  };
}

/** A client a new certificate starts with (a client's page creates certificates for that client). */
export interface ClientChoice {
  id: string;
  name: string;
}

export interface CertificateFormModalProps {
  /** The pending certificate to edit, or null to create one. */
  certificate: Certificate | null;
  /** The client a new certificate starts with; none by default. */
  forClient?: ClientChoice;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** Create or edit a certificate (docs/requirements.md#validation): the contract's checks first, then the server's field errors. */
export function CertificateFormModal({
  certificate,
  forClient,
  isOpen,
  onOpenChange,
}: CertificateFormModalProps) {
  const isEditing = certificate !== null;
  return (
    <Modal
      title={isEditing ? TEXTS.editTitle : TEXTS.createTitle}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
    >
      {(close) => <CertificateForm certificate={certificate} forClient={forClient} onDone={close} />}
    </Modal>
  );
}

function CertificateForm({
  certificate,
  forClient,
  onDone,
}: {
  certificate: Certificate | null;
  forClient: ClientChoice | undefined;
  onDone: () => void;
}) {
  const toast = useToast();
  // A new certificate's terms start at the owners' defaults once they answer (the initial ones until then).
  const defaults = useCertificateDefaults(certificate === null);
  // Where the terms started (the defaults once they answered): a create sends a term only when changed from it.
  const started = useRef<LicenseTerms>(INITIAL_CERTIFICATE_DEFAULTS);
  const createCertificate = useCreateCertificate();
  const updateCertificate = useUpdateCertificate();

  /** The contract's checks on the form, then the call that saves it. */
  const prepare = (values: FormValues): PreparedSave<Certificate> => {
    const fields = {
      serialNumber: values.serialNumber,
      studioCount: values.studioCount,
      userCount: values.userCount,
      validFrom: values.validFrom ?? undefined,
      validTo: values.validTo ?? undefined,
      notes: values.notes,
      // A new certificate sends the terms only when changed from where they started (the owners' defaults, which
      // the server applies to a create without them).
      ...(certificate || values.graceDays !== started.current.graceDays
        ? { graceDays: values.graceDays }
        : {}),
      ...(certificate || values.fileLifetimeDays !== started.current.fileLifetimeDays
        ? { fileLifetimeDays: values.fileLifetimeDays }
        : {}),
    };
    const parsed = certificate
      ? updateCertificateRequestSchema.safeParse({ ...fields, status: certificate.status })
      : createCertificateRequestSchema.safeParse({ ...fields, clientId: values.clientId ?? '' });
    if (!parsed.success) {
      // zod skips the range check while another field is wrong; the partial edit schema runs it
      // on the two dates alone, so every error shows at once.
      const range = updateCertificateRequestSchema.safeParse({
        validFrom: fields.validFrom,
        validTo: fields.validTo,
      });
      return {
        fieldErrors: {
          ...(range.success ? {} : fieldErrorsOf(range.error.issues)),
          ...fieldErrorsOf(parsed.error.issues),
        },
      };
    }
    if (certificate)
      return {
        save: () => updateCertificate(certificate.uuid, updateCertificateRequestSchema.parse(parsed.data)),
      };
    return { save: () => createCertificate(createCertificateRequestSchema.parse(parsed.data)) };
  };
  const { values, setValues, field, formProps, clearFieldErrors } = useFormSubmit({
    initialValues: () => initialValues(certificate, forClient, INITIAL_CERTIFICATE_DEFAULTS),
    prepare,
    // The range error sits on validTo but depends on both dates.
    linkedErrors: { validFrom: ['validTo'] },
    onSaved: (saved) => {
      const { toasts } = CERTIFICATES_TEXTS;
      toast.show({
        type: 'success',
        title: certificate ? toasts.updated : toasts.created,
        description: (certificate ? toasts.updatedDescription : toasts.createdDescription)(
          saved.serialNumber,
        ),
      });
      onDone();
    },
    onFailed: (caught, fieldErrors) =>
      reportSaveFailure(toast, caught, fieldErrors, {
        title: CERTIFICATES_TEXTS.toasts.saveFailed,
        description: CERTIFICATES_TEXTS.toasts.saveFailedDescription,
      }),
  });

  // The defaults fill the terms unless the user has changed them meanwhile; an unchanged term is not sent, so a
  // create before they answer (or after they failed) gets the owners' defaults on the server.
  const loaded = defaults.data;
  useEffect(() => {
    if (!loaded) return;
    const from = started.current;
    started.current = { graceDays: loaded.graceDays, fileLifetimeDays: loaded.fileLifetimeDays };
    setValues((current) => ({
      ...current,
      ...(current.graceDays === from.graceDays ? { graceDays: loaded.graceDays } : {}),
      ...(current.fileLifetimeDays === from.fileLifetimeDays
        ? { fileLifetimeDays: loaded.fileLifetimeDays }
        : {}),
    }));
  }, [loaded, setValues]);

  return (
    <DialogForm
      {...formProps}
      aria-label={certificate ? TEXTS.editTitle : TEXTS.createTitle}
      cancelLabel={TEXTS.cancel}
      onCancel={onDone}
      submitLabel={certificate ? TEXTS.save : TEXTS.create}
      pendingLabel={TEXTS.saving}
    >
      <ClientPicker
        clientId={values.clientId}
        clientName={values.clientName}
        isDisabled={certificate !== null}
        errorMessage={formProps.validationErrors.clientId}
        onChange={(clientId, clientName) => {
          setValues((current) => ({ ...current, clientId, clientName }));
          clearFieldErrors('clientId');
        }}
      />
      <TextField label={TEXTS.serialNumber} {...field('serialNumber')} isRequired />
      <SeatFields field={field} />
      <DatePicker label={TEXTS.validFrom} {...field('validFrom')} isRequired />
      <DatePicker label={TEXTS.validTo} {...field('validTo')} isRequired />
      <LicenseTermsFields field={field} />
      <TextArea label={TEXTS.notes} {...field('notes')} rows={3} />
    </DialogForm>
  );
}
