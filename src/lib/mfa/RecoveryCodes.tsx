import { useId, useState } from 'react';
import { AUTHENTICATOR_TEXTS } from '../../contract/texts/sign-in';
import { Button } from '../../ui/Button';
import { FormActions } from '../../ui/Form';
import { Icon } from '../../ui/Icon';
import { saveFile } from '../api/save-file';
import * as styles from './mfa.css';

/**
 * The ten recovery codes, shown once after two-factor sign-in is turned on, with Copy and Download so they are
 * kept somewhere; `onDone` goes on (closes the dialog, or enters the console).
 */
export function RecoveryCodes({
  codes,
  doneLabel,
  onDone,
}: {
  codes: readonly string[];
  doneLabel: string;
  onDone: () => void;
}) {
  const introId = useId();
  const [isCopied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard (a plain-HTTP page, or no permission): Download and selecting the list by hand still work.
    }
  };

  return (
    <div className={styles.setup}>
      <p id={introId} className={styles.notice}>
        <Icon name="exclamation" />
        {AUTHENTICATOR_TEXTS.recoveryIntro}
      </p>
      <ol
        className={styles.codes}
        aria-label={AUTHENTICATOR_TEXTS.recoveryListLabel}
        aria-describedby={introId}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button variant="secondary" size="sm" onPress={copy}>
          {isCopied && <Icon name="check" />}
          {isCopied ? AUTHENTICATOR_TEXTS.copied : AUTHENTICATOR_TEXTS.copy}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onPress={() => saveFile(new Blob([text], { type: 'text/plain' }), AUTHENTICATOR_TEXTS.downloadName)}
        >
          {AUTHENTICATOR_TEXTS.download}
        </Button>
      </div>
      <FormActions>
        <Button onPress={onDone}>{doneLabel}</Button>
      </FormActions>
    </div>
  );
}
