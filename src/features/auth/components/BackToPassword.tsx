import { MFA_SIGN_IN_TEXTS } from '../../../contract/texts/sign-in';
import { Button } from '../../../ui/Button';
import * as styles from '../SignInPage.css';

/** The second steps' way back to the password form (another account, or a mistyped e-mail). */
export function BackToPassword({ onBack }: { onBack: () => void }) {
  return (
    <div className={styles.backRow}>
      <Button variant="ghost" size="sm" onPress={onBack}>
        {MFA_SIGN_IN_TEXTS.back}
      </Button>
    </div>
  );
}
