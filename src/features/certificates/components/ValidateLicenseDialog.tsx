import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { LICENSE_MESSAGES, type LicenseValidation } from '../../../contract/licensing';
import { VALIDATE_LICENSE_TEXTS as TEXTS } from '../../../contract/ui-texts';
import { useApi } from '../../../lib/session';
import { Button, ErrorBanner, Form, FormActions, Modal, TextArea, TextField } from '../../../ui';
import { validateLicense } from '../api/validate-license';
import { LicenseVerdict } from './LicenseVerdict';
import * as styles from './ValidateLicenseDialog.css';

/** Reads the pasted text as the licence object, or says why it is not one. */
function parseLicense(text: string): { license: Record<string, unknown> } | { error: string } {
  if (text.trim() === '') return { error: LICENSE_MESSAGES.licenseRequired };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: TEXTS.notJson };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { error: LICENSE_MESSAGES.licenseNotObject };
  return { license: value as Record<string, unknown> };
}

export interface ValidateLicenseDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * 'Validate licence': paste a licence file or choose one, optionally give the machine's
 * serial number, and see the server's verdict with what it means.
 */
export function ValidateLicenseDialog({ isOpen, onOpenChange }: ValidateLicenseDialogProps) {
  return (
    <Modal title={TEXTS.title} isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => <ValidateLicenseForm onClose={close} />}
    </Modal>
  );
}

function ValidateLicenseForm({ onClose }: { onClose: () => void }) {
  const api = useApi();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [serialNumber, setSerialNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [callError, setCallError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [verdict, setVerdict] = useState<LicenseValidation | null>(null);
  const [isValidating, setValidating] = useState(false);

  const edited = () => {
    setVerdict(null);
    setCallError(null);
    setErrors({});
  };

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setText(await file.text());
    setFileName(file.name);
    edited();
    // The same file chosen again should load again.
    event.target.value = '';
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isValidating) return;
    const parsed = parseLicense(text);
    if ('error' in parsed) {
      setErrors({ license: parsed.error });
      return;
    }
    setValidating(true);
    setVerdict(null);
    setCallError(null);
    try {
      const trimmedSerial = serialNumber.trim();
      setVerdict(
        await validateLicense(api, {
          license: parsed.license,
          ...(trimmedSerial ? { serialNumber: trimmedSerial } : {}),
        }),
      );
    } catch (error) {
      setCallError(error instanceof Error ? error.message : null);
    } finally {
      setValidating(false);
    }
  };

  return (
    <Form onSubmit={handleSubmit} validationErrors={errors} aria-label={TEXTS.title}>
      <p>{TEXTS.intro}</p>
      <TextArea
        label={TEXTS.license}
        name="license"
        value={text}
        rows={6}
        onChange={(value) => {
          setText(value);
          setFileName(null);
          edited();
        }}
      />
      <div className={styles.fileRow}>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          className={styles.fileInput}
          onChange={handleFile}
          tabIndex={-1}
          aria-hidden="true"
        />
        <Button variant="secondary" size="sm" onPress={() => fileInput.current?.click()}>
          {TEXTS.chooseFile}
        </Button>
        {fileName && <span className={styles.fileName}>{TEXTS.fileRead(fileName)}</span>}
      </div>
      <TextField
        label={TEXTS.serialNumber}
        description={TEXTS.serialNumberDescription}
        name="serialNumber"
        value={serialNumber}
        onChange={(value) => {
          setSerialNumber(value);
          edited();
        }}
      />
      {callError && <ErrorBanner message={callError} />}
      {verdict && <LicenseVerdict verdict={verdict} />}
      <FormActions>
        <Button variant="secondary" onPress={onClose}>
          {TEXTS.close}
        </Button>
        <Button type="submit" isPending={isValidating}>
          {isValidating ? TEXTS.validating : TEXTS.validate}
        </Button>
      </FormActions>
    </Form>
  );
}
