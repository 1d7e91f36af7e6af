import { Fragment } from 'react';
import { CHANGE_ARROW } from '../../contract/certificates';
import { Icon } from '../Icon';
import * as styles from './ChangeText.css';

export interface ChangeTextProps {
  /** A text from the server that may say what changed, e.g. 'Valid to Dec 31, 2026 → Dec 31, 2027; users 10 → 25'. */
  text: string;
}

/**
 * A history or activity text with each change arrow drawn by the kit's Icon: the bundled font has no such glyph,
 * and a fallback font would draw it differently on every machine. Screen readers hear "to" in its place.
 */
export function ChangeText({ text }: ChangeTextProps) {
  const parts = text.split(CHANGE_ARROW);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <span className={styles.arrow}>
              <Icon name="arrowRight" />
              <span className={styles.spoken}>to</span>
            </span>
          )}
          {part}
        </Fragment>
      ))}
    </>
  );
}
