import { Radio, RadioGroup } from 'react-aria-components';
import { DAY_MS } from '../../../contract/constants';
import { CHANGE_ARROW, extendValidTo } from '../../../contract/certificates';
import { ChangeText, Field } from '../../../ui';
import * as styles from './RenewPeriod.css';

/** How a renewal moves the end: a month or a year on, or to a chosen day. */
export type RenewPeriod = 'month' | 'year' | 'date';
export const RENEW_PERIODS: readonly RenewPeriod[] = ['month', 'year', 'date'];
export const PERIOD_MONTHS = { month: 1, year: 12 } as const;

/**
 * The end a quick choice gives `validTo`: that many calendar months on (the server's bulk `extendBy` rule). A lapsed
 * licence counts from today (midnight UTC), since a month on from an end long past may still be in the past and
 * the server refuses an end that is not in the future.
 */
export function quickEnd(validTo: number, period: Exclude<RenewPeriod, 'date'>, now = Date.now()): number {
  const from = validTo > now ? validTo : Math.floor(now / DAY_MS) * DAY_MS;
  return extendValidTo(from, PERIOD_MONTHS[period]);
}

/**
 * The quick choices as one radio group (arrow keys move between them). `errorMessage` shows under it when the server
 * refused the end it gave (the date field is hidden unless 'date' is chosen, so its error has to land here).
 */
export function RenewPeriodChoice({
  label,
  labels,
  value,
  onChange,
  errorMessage,
}: {
  label: string;
  labels: Record<RenewPeriod, string>;
  value: RenewPeriod;
  onChange: (period: RenewPeriod) => void;
  errorMessage?: string | undefined;
}) {
  return (
    <RadioGroup
      className={styles.group}
      orientation="horizontal"
      value={value}
      onChange={(next) => onChange(next as RenewPeriod)}
      isInvalid={Boolean(errorMessage)}
    >
      <Field label={label} {...(errorMessage ? { errorMessage } : {})}>
        <div className={styles.choices}>
          {RENEW_PERIODS.map((period) => (
            <Radio key={period} value={period} className={styles.choice}>
              {labels[period]}
            </Radio>
          ))}
        </div>
      </Field>
    </RadioGroup>
  );
}

export interface Change {
  term: string;
  before: string;
  after: string;
}

/** Before → after of each value the renewal touches; an unchanged one reads "10 (unchanged)". */
export function RenewChanges({
  label,
  changes,
  unchanged,
}: {
  label: string;
  changes: Change[];
  unchanged: string;
}) {
  return (
    <dl className={styles.changes} aria-label={label}>
      {changes.map(({ term, before, after }) => (
        <div key={term} className={styles.pair}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value} data-changed={before !== after}>
            {before === after ? (
              `${before} (${unchanged})`
            ) : (
              <ChangeText text={`${before} ${CHANGE_ARROW} ${after}`} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
