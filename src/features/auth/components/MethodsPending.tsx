import { SIGN_IN_TEXTS } from '../../../contract/texts/shell';
import { LoadingState } from '../../../ui/LoadingState';
import * as styles from '../SignInPage.css';

/** What holds the form's place in the card until the form and the server's ways to sign in are there. */
export function MethodsPending() {
  return (
    <div className={styles.methodsPending}>
      <LoadingState label={SIGN_IN_TEXTS.loadingMethods} />
    </div>
  );
}
