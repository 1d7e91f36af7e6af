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
  // What we have sent and not yet seen come back as `value`. A page may echo a search a moment late (after a URL
  // update or a slow render), when the user has typed on; that echo must not put the older text back.
  const [echoes, setEchoes] = useState<readonly string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  const valueRef = useRef(value);
  useEffect(() => {
    onChangeRef.current = onChange;
    valueRef.current = value;
  }, [onChange, value]);

  // Follow a new value from outside (a link that sets the search, a reset), not our own echo.
  if (value !== lastOuterValue) {
    setLastOuterValue(value);
    const echo = echoes.indexOf(value);
    if (echo >= 0) {
      setEchoes(echoes.slice(echo + 1));
    } else {
      setEchoes([]);
      setText(value);
    }
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  // A value equal to the current one will not come back, so it is not awaited.
  const emit = (next: string) => {
    if (next !== valueRef.current) setEchoes((sent) => [...sent, next]);
    onChangeRef.current(next);
  };

  const emitNow = (next: string) => {
    clearTimeout(timer.current);
    emit(next);
  };

  const handleChange = (next: string) => {
    setText(next);
    if (debounceMs <= 0) {
      emitNow(next);
      return;
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => emit(next), debounceMs);
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
