import { useId, useRef, useState } from 'react';
import { Button } from '../Button';
import { FormActions } from '../Form';
import { Icon } from '../Icon';
import { TextField } from '../TextField';
import * as styles from './OneTimeSecret.css';

/** The words of the view, in the screen's terms ('Copy this token now...', 'Copy this signing secret now...'). */
export interface OneTimeSecretTexts {
  secretNotice: string;
  secretLabel: string;
  secretUsage: string;
  copy: string;
  copied: string;
  copiedStatus: string;
  copyFailed: string;
  done: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** Puts `text` on the clipboard; false where the browser refuses (no permission, or no clipboard on a plain-HTTP page). */
async function writeToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A new secret (an API token, a webhook's signing secret), shown this once, with a Copy button. Where the browser
 * will not copy, the secret is selected instead and the user is told to copy it by hand.
 */
export function OneTimeSecret({
  token,
  close,
  texts: TEXTS,
}: {
  token: string;
  close: () => void;
  texts: OneTimeSecretTexts;
}) {
  const noticeId = useId();
  const fieldRef = useRef<HTMLDivElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  const handleCopy = async () => {
    if (await writeToClipboard(token)) {
      setCopy('copied');
      return;
    }
    const input = fieldRef.current?.querySelector('input');
    input?.focus();
    input?.select();
    setCopy('failed');
  };

  return (
    <div className={styles.secret}>
      <p id={noticeId} className={styles.notice}>
        <Icon name="exclamation" />
        {TEXTS.secretNotice}
      </p>
      <div ref={fieldRef} className={styles.secretField}>
        <TextField
          label={TEXTS.secretLabel}
          name="token"
          value={token}
          isReadOnly
          description={TEXTS.secretUsage}
          // One click or Tab into the field selects the whole token, ready to copy by hand.
          onFocus={(event) => (event.target as HTMLInputElement).select()}
        />
      </div>
      <div className={styles.copyRow}>
        <Button variant="secondary" size="sm" autoFocus aria-describedby={noticeId} onPress={handleCopy}>
          {copy === 'copied' && <Icon name="check" />}
          {copy === 'copied' ? TEXTS.copied : TEXTS.copy}
        </Button>
        <p role="status" className={copy === 'failed' ? styles.copyFailed : styles.visuallyHidden}>
          {copy === 'copied' && TEXTS.copiedStatus}
          {copy === 'failed' && TEXTS.copyFailed}
        </p>
      </div>
      <FormActions>
        <Button onPress={close}>{TEXTS.done}</Button>
      </FormActions>
    </div>
  );
}
