import { useEffect, useRef, useState } from 'react';
import { Button as AriaButton, Input, Label, SearchField as AriaSearchField } from 'react-aria-components';
import { Icon } from '../Icon';
import { fieldStyles } from '../Field';
import * as styles from './SearchField.css';

export interface SearchFieldProps {
  /** The accessible name, e.g. 'Search users'; shown only when `isLabelVisible`. */
  label: string;
  isLabelVisible?: boolean;
  placeholder?: string;
  /**
   * The search text from outside (e.g. the URL's `search`). When it changes the field shows it;
   * typing does not wait for it to come back.
   */
  value?: string;
  /** Called with the text once typing pauses for `debounceMs` (immediately when 0, on Enter, and on clear). */
  onChange: (value: string) => void;
  /** Milliseconds of quiet before `onChange` (users: USERS_SEARCH_DEBOUNCE_MS, 300). Default 0. */
  debounceMs?: number;
}

/**
 * A search box (react-aria SearchField): Escape or the clear button empties it, Enter searches at
 * once. With `debounceMs` the query waits for the user to stop typing.
 */
export function SearchField({
  label,
  isLabelVisible = false,
  placeholder,
  value = '',
  onChange,
  debounceMs = 0,
}: SearchFieldProps) {
  const [text, setText] = useState(value);
  const [lastOuterValue, setLastOuterValue] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // Follow a new value from outside (a link that sets the search, a reset), not our own echo.
  if (value !== lastOuterValue) {
    setLastOuterValue(value);
    setText(value);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const emitNow = (next: string) => {
    clearTimeout(timer.current);
    onChangeRef.current(next);
  };

  const handleChange = (next: string) => {
    setText(next);
    if (debounceMs <= 0) {
      emitNow(next);
      return;
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChangeRef.current(next), debounceMs);
  };

  return (
    <AriaSearchField
      aria-label={isLabelVisible ? undefined : label}
      value={text}
      onChange={handleChange}
      onSubmit={emitNow}
      onClear={() => emitNow('')}
      className={`${fieldStyles.field} ${styles.field}`}
    >
      {isLabelVisible && <Label className={fieldStyles.label}>{label}</Label>}
      <div className={styles.box}>
        <span className={styles.icon}>
          <Icon name="search" />
        </span>
        <Input className={`${fieldStyles.input} ${styles.input}`} placeholder={placeholder} />
        <AriaButton className={styles.clear} aria-label="Clear search">
          <Icon name="close" />
        </AriaButton>
      </div>
    </AriaSearchField>
  );
}
