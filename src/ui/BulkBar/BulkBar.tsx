import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '../Button';
import * as styles from './BulkBar.css';

/** One action offered on the selected rows. */
export interface BulkBarAction<A extends string> {
  action: A;
  label: string;
  /** 'secondary' unless said otherwise; 'destructive' for revocations and deletes. */
  variant?: ButtonVariant;
  /** Called when the pointer rests on the action or focus reaches it: the moment to load what it opens. */
  onPrepare?: () => void;
}

/** A row a bulk action failed on: its name and the reason. */
export interface BulkBarFailure {
  id: string;
  name: string;
  message: string;
}

/** What the last bulk action did, shown until dismissed or another runs. */
export interface BulkBarOutcome {
  /** '<action>: 280 succeeded, 20 failed.' */
  summary: string;
  failures: readonly BulkBarFailure[];
}

export interface BulkBarTexts {
  /** The bar's landmark name. */
  label: string;
  /** '3 selected'. */
  countText: string;
  clearLabel: string;
  failedRowsLabel: string;
  dismissLabel: string;
  /** The line under a long failure list: 'and 20 more'. */
  moreFailures: (count: number) => string;
}

export interface BulkBarProps<A extends string> {
  texts: BulkBarTexts;
  /** How many rows are selected; with none (and no outcome) the bar is not shown. */
  count: number;
  actions: readonly BulkBarAction<A>[];
  onAction: (action: A) => void;
  onClear: () => void;
  /** Beside the count: the "Select all N matching" button, while the whole page and no more is selected. */
  selectAllMatching?: { label: string; pendingLabel: string; isPending: boolean; onPress: () => void } | null;
  /** Beside the count: that every matching row is selected, or that the selection stopped at the server's limit. */
  note?: ReactNode;
  /** Whether `note` says the selection was capped (styled as a warning). */
  isCapped?: boolean;
  /** While an action runs in chunks: its progress, said in place of the count. */
  progress?: string | null;
  /** The action running, whose button shows it; the other buttons wait. */
  pendingAction?: A | null;
  outcome?: BulkBarOutcome | null;
  onDismissOutcome?: () => void;
}

/** How many failed rows the outcome lists before it says how many more there are. */
const LISTED_FAILURES = 50;

/**
 * The bar above a list with selected rows: how many are selected, the actions allowed for all of them,
 * and after an action its outcome, with each row that failed and why. The count and the outcome are live regions,
 * so a change of selection and the end of an action are announced; every control is a button in the tab order.
 */
export function BulkBar<A extends string>({
  texts,
  count,
  actions,
  onAction,
  onClear,
  selectAllMatching,
  note,
  isCapped = false,
  progress,
  pendingAction,
  outcome,
  onDismissOutcome,
}: BulkBarProps<A>) {
  if (count === 0 && !outcome) return null;
  const isRunning = Boolean(progress) || Boolean(pendingAction);
  const hasFailures = Boolean(outcome?.failures.length);
  return (
    <section
      aria-label={texts.label}
      className={styles.bar}
      data-state={isRunning ? 'running' : 'idle'}
      data-outcome={outcome ? (hasFailures ? 'failed' : 'done') : undefined}
    >
      {count > 0 && (
        <div className={styles.selectionRow}>
          <div className={styles.summary}>
            <p className={styles.count} role="status">
              {progress || texts.countText}
            </p>
            {note && (
              <p className={styles.note} data-capped={isCapped || undefined}>
                {note}
              </p>
            )}
            {selectAllMatching && (
              <Button
                size="sm"
                variant="ghost"
                isPending={selectAllMatching.isPending}
                isDisabled={isRunning}
                onPress={selectAllMatching.onPress}
              >
                {selectAllMatching.isPending ? selectAllMatching.pendingLabel : selectAllMatching.label}
              </Button>
            )}
          </div>
          <div className={styles.actions}>
            {actions.map(({ action, label, variant = 'secondary', onPrepare }) => (
              <Button
                key={action}
                size="sm"
                variant={variant}
                isPending={pendingAction === action}
                isDisabled={isRunning && pendingAction !== action}
                onPress={() => onAction(action)}
                onHoverStart={onPrepare}
                onFocus={onPrepare}
              >
                {label}
              </Button>
            ))}
            <Button size="sm" variant="ghost" isDisabled={isRunning} onPress={onClear}>
              {texts.clearLabel}
            </Button>
          </div>
        </div>
      )}
      {outcome && (
        <div className={styles.outcome}>
          <div className={styles.outcomeHead}>
            <p className={styles.outcomeText} role="status" data-outcome={hasFailures ? 'failed' : 'done'}>
              {outcome.summary}
            </p>
            {onDismissOutcome && (
              <Button size="sm" variant="ghost" onPress={onDismissOutcome}>
                {texts.dismissLabel}
              </Button>
            )}
          </div>
          {hasFailures && (
            // It scrolls when long, so it takes focus: the keyboard can scroll it too.
            <ul className={styles.failures} aria-label={texts.failedRowsLabel} tabIndex={0}>
              {outcome.failures.slice(0, LISTED_FAILURES).map((failure) => (
                <li key={failure.id}>
                  <span className={styles.failureName}>{failure.name}</span>: {failure.message}
                </li>
              ))}
              {outcome.failures.length > LISTED_FAILURES && (
                <li>{texts.moreFailures(outcome.failures.length - LISTED_FAILURES)}</li>
              )}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
