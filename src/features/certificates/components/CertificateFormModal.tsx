import { useState, type FormEvent } from 'react';
import {
  createCertificateRequestSchema,
  updateCertificateRequestSchema,
  type Certificate,
} from '../../../contract/certificates';
import {
  DAY_MS,
  DEFAULT_STUDIO_COUNT,
  DEFAULT_USER_COUNT,
  MIN_STUDIO_COUNT,
  MIN_USER_COUNT,
} from '../../../contract/constants';
import { CERTIFICATES_TEXTS } from '../../../contract/ui-texts';
import {
  Button,
  DatePicker,
  ErrorBanner,
  Form,
  FormActions,
  Modal,
  NumberField,
  TextArea,
  TextField,
  useToast,
} from '../../../ui';
import { fieldErrorsOfCall, serverMessageOf } from '../../../lib/api/call-errors';
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
}

/** Midnight UTC of today: the date pickers' days are UTC calendar days. */
const todayUtc = (now: number) => Math.floor(now / DAY_MS) * DAY_MS;

/** The same calendar day one year later (29 February becomes 1 March). */
function oneYearLater(dayMs: number): number {
  const date = new Date(dayMs);
  return Date.UTC(date.getUTCFullYear() + 1, date.getUTCMonth(), date.getUTCDate());
}

/** New certificates: studio 1, user 1, valid from today to one year later (docs/requirements.md#constants). */
function initialValues(certificate: Certificate | null): FormValues {
  if (certificate) {
    const { clientId, clientName, serialNumber, studioCount, userCount, validFrom, validTo, notes } =
      certificate;
    return { clientId, clientName, serialNumber, studioCount, userCount, validFrom, validTo, notes };
  }
  const from = todayUtc(Date.now());
  return {
    clientId: null,
    clientName: '',
    serialNumber: '',
    studioCount: DEFAULT_STUDIO_COUNT,
    userCount: DEFAULT_USER_COUNT,
    validFrom: from,
    validTo: oneYearLater(from),
    notes: '',
  };
}

export interface CertificateFormModalProps {
  /** The pending certificate to edit, or null to create one. */
  certificate: Certificate | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** Create or edit a certificate (docs/requirements.md#validation): the contract's checks first, then the server's field errors. */
export function CertificateFormModal({ certificate, isOpen, onOpenChange }: CertificateFormModalProps) {
  const isEditing = certificate !== null;
  return (
    <Modal
      title={isEditing ? TEXTS.editTitle : TEXTS.createTitle}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
    >
      {(close) => <CertificateForm certificate={certificate} onDone={close} />}
    </Modal>
  );
}

function CertificateForm({ certificate, onDone }: { certificate: Certificate | null; onDone: () => void }) {
  const toast = useToast();
  const createCertificate = useCreateCertificate();
  const updateCertificate = useUpdateCertificate();
  const [values, setValues] = useState(() => initialValues(certificate));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const change = <F extends keyof FormValues>(field: F, value: FormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFormError(null);
    // Editing a field clears its error; the range error sits on validTo but depends on both dates.
    setErrors((current) => {
      const next = { ...current };
      delete next[field];
      if (field === 'validFrom') delete next.validTo;
      return next;
    });
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving) return;
    const fields = {
      serialNumber: values.serialNumber,
      studioCount: values.studioCount,
      userCount: values.userCount,
      validFrom: values.validFrom ?? undefined,
      validTo: values.validTo ?? undefined,
      notes: values.notes,
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
      setErrors({
        ...(range.success ? {} : fieldErrorsOf(range.error.issues)),
        ...fieldErrorsOf(parsed.error.issues),
      });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      if (certificate) {
        const saved = await updateCertificate(
          certificate.uuid,
          updateCertificateRequestSchema.parse(parsed.data),
        );
        toast.show({
          type: 'success',
          title: CERTIFICATES_TEXTS.toasts.updated,
          description: CERTIFICATES_TEXTS.toasts.updatedDescription(saved.serialNumber),
        });
      } else {
        const saved = await createCertificate(createCertificateRequestSchema.parse(parsed.data));
        toast.show({
          type: 'success',
          title: CERTIFICATES_TEXTS.toasts.created,
          description: CERTIFICATES_TEXTS.toasts.createdDescription(saved.serialNumber),
        });
      }
      onDone();
    } catch (caught) {
      // The banner names the call's failure; the toast is docs/requirements.md#error-texts's 'Save Failed' with the server's words, if any.
      const fieldErrors = fieldErrorsOfCall(caught);
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      else
        setFormError(
          caught instanceof Error ? caught.message : CERTIFICATES_TEXTS.toasts.saveFailedDescription,
        );
      toast.show({
        type: 'destructive',
        title: CERTIFICATES_TEXTS.toasts.saveFailed,
        description: serverMessageOf(caught) ?? CERTIFICATES_TEXTS.toasts.saveFailedDescription,
      });
      setSaving(false);
    }
  };

  return (
    <Form
      onSubmit={handleSubmit}
      validationErrors={errors}
      aria-label={certificate ? TEXTS.editTitle : TEXTS.createTitle}
    >
      {formError && <ErrorBanner message={formError} />}
      <ClientPicker
        clientId={values.clientId}
        clientName={values.clientName}
        isDisabled={certificate !== null}
        errorMessage={errors.clientId}
        onChange={(clientId, clientName) => {
          setValues((current) => ({ ...current, clientId, clientName }));
          setErrors(({ clientId: _edited, ...rest }) => rest);
        }}
      />
      <TextField
        label={TEXTS.serialNumber}
        name="serialNumber"
        isRequired
        value={values.serialNumber}
        onChange={(value) => change('serialNumber', value)}
      />
      <NumberField
        label={TEXTS.studioCount}
        name="studioCount"
        isRequired
        minValue={MIN_STUDIO_COUNT}
        value={values.studioCount}
        onChange={(value) => change('studioCount', value)}
      />
      <NumberField
        label={TEXTS.userCount}
        name="userCount"
        isRequired
        minValue={MIN_USER_COUNT}
        value={values.userCount}
        onChange={(value) => change('userCount', value)}
      />
      <DatePicker
        label={TEXTS.validFrom}
        name="validFrom"
        isRequired
        value={values.validFrom}
        onChange={(epochMs) => change('validFrom', epochMs)}
      />
      <DatePicker
        label={TEXTS.validTo}
        name="validTo"
        isRequired
        value={values.validTo}
        onChange={(epochMs) => change('validTo', epochMs)}
      />
      <TextArea
        label={TEXTS.notes}
        name="notes"
        value={values.notes}
        onChange={(value) => change('notes', value)}
        rows={3}
      />
      <FormActions>
        <Button variant="secondary" onPress={onDone} isDisabled={isSaving}>
          {TEXTS.cancel}
        </Button>
        <Button type="submit" isPending={isSaving}>
          {isSaving ? TEXTS.saving : certificate ? TEXTS.save : TEXTS.create}
        </Button>
      </FormActions>
    </Form>
  );
}
