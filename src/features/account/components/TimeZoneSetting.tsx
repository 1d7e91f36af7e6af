import { useId, useState } from 'react';
import { ACCOUNT_TEXTS } from '../../../contract/ui-texts';
import {
  browserTimeZone,
  chooseTimeZone,
  timeZoneChoice,
  type TimeZoneChoice,
} from '../../../lib/format/time-zone';
import { Select } from '../../../ui';
import * as styles from '../AccountPage.css';

/** Where the console's times are shown: the browser's zone or UTC, kept in this browser. */
export function TimeZoneSetting() {
  const headingId = useId();
  const [choice, setChoice] = useState(timeZoneChoice);
  const options = [
    { id: 'local' as const, label: ACCOUNT_TEXTS.timeZoneOptions.local(browserTimeZone()) },
    { id: 'utc' as const, label: ACCOUNT_TEXTS.timeZoneOptions.utc },
  ];
  const choose = (value: TimeZoneChoice) => {
    chooseTimeZone(value);
    setChoice(value);
  };
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        {ACCOUNT_TEXTS.timeZoneHeading}
      </h2>
      <p className={styles.hint}>{ACCOUNT_TEXTS.timeZoneDescription}</p>
      <div className={styles.timeZoneField}>
        <Select label={ACCOUNT_TEXTS.timeZoneLabel} options={options} value={choice} onChange={choose} />
      </div>
    </section>
  );
}
