import * as styles from './LoadingState.css';

/** A waiting message ('Authenticating...') that screen readers announce as a status. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" className={styles.container}>
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
