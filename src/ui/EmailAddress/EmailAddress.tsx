import { Fragment } from 'react';
import { breakPoints } from './break-points';
import * as styles from './EmailAddress.css';

/** An e-mail address that wraps at its `@` and its domain's dots, never widening a table or a card past its frame. */
export function EmailAddress({ address }: { address: string }) {
  return (
    <span className={styles.address}>
      {breakPoints(address).map((part, index) => (
        // The parts of one address never move, so their places are their keys.
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
