import * as styles from './LoadingState.css';

export interface LoadingStateProps {
  /** What is being waited for, e.g. 'Authenticating...' or 'Loading users...'. */
  label: string;
  /** 'block' (default) centres it in a padded area; 'inline' sits in a line of text or a table cell. */
  size?: 'block' | 'inline';
}

/** A waiting message that screen readers announce as a status (the text is read, the spinner is not). */
export function LoadingState({ label, size = 'block' }: LoadingStateProps) {
  return (
    <div role="status" className={styles.container} data-size={size}>
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
