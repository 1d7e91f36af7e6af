import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Button as AriaButton,
  ComboBox as AriaComboBox,
  Input,
  ListBox,
  Popover,
  useFilter,
  type Key,
} from 'react-aria-components';
import * as selectStyles from '../Select/Select.css';
import { Icon } from '../Icon';
import { OptionItem } from '../OptionItem';
import { Field, fieldStyles, type FieldTexts } from '../Field';
import * as styles from './ComboBox.css';

export interface ComboBoxProps<T extends object> extends FieldTexts {
  /**
   * Where the options come from, one of:
   * - `loadItems(text, signal)`: asked again (after `debounceMs`) whenever the typed text changes,
   *   e.g. `GET /clients?search=text&limit=100` keeping the active ones; a stale call is aborted;
   * - `items` with `onInputChange`: the caller filters (or fetches) as the text changes;
   * - `items` alone: filtered here by 'contains', ignoring case and accents.
   */
  loadItems?: (text: string, signal: AbortSignal) => Promise<readonly T[]>;
  items?: readonly T[];
  onInputChange?: (text: string) => void;
  /** Quiet time before `loadItems` runs for new text. Default 300 ms. */
  debounceMs?: number;
  getKey: (item: T) => string;
  /** The text of an option: shown in the list and put in the input when chosen. */
  getLabel: (item: T) => string;
  /** Richer option content (a name and an email); the accessible name stays `getLabel`. */
  renderItem?: (item: T) => ReactNode;
  /** The chosen option (controlled), or null. The item itself, so its label is known before any load. */
  value?: T | null;
  onChange?: (item: T | null) => void;
  /** While the caller fetches `items`. */
  isLoading?: boolean;
  placeholder?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  isInvalid?: boolean;
  /** Form field name; the chosen option's key is submitted. */
  name?: string;
  emptyText?: string;
  loadingText?: string;
}

interface Loaded<T> {
  items: readonly T[];
  isLoading: boolean;
  error: string | null;
}

/**
 * A searchable picker (react-aria ComboBox): type to filter, ArrowDown opens the list, arrow keys
 * move, Enter chooses, Escape closes (a second Escape clears the text). Only listed options can be
 * chosen; leaving the field with other text puts the chosen option's label back.
 */
export function ComboBox<T extends object>({
  label,
  loadItems,
  items,
  onInputChange,
  debounceMs = 300,
  getKey,
  getLabel,
  renderItem,
  value,
  onChange,
  isLoading = false,
  placeholder,
  description,
  errorMessage,
  emptyText = 'No results found',
  loadingText = 'Loading...',
  ...props
}: ComboBoxProps<T>) {
  const [inputValue, setInputValue] = useState(value ? getLabel(value) : '');
  const [shownValue, setShownValue] = useState(value);
  const [loaded, setLoaded] = useState<Loaded<T>>({ items: [], isLoading: Boolean(loadItems), error: null });
  const { contains } = useFilter({ sensitivity: 'base' });

  // A new chosen option from outside (an edit form filled in) shows its label.
  if (value !== shownValue) {
    setShownValue(value);
    setInputValue(value ? getLabel(value) : '');
  }

  // The text that filters: none while the input just shows the chosen option, so opening the list shows everything.
  const query = value && inputValue === getLabel(value) ? '' : inputValue;

  const loadRef = useRef(loadItems);
  useEffect(() => {
    loadRef.current = loadItems;
  }, [loadItems]);
  const isAsync = Boolean(loadItems);

  useEffect(() => {
    const load = loadRef.current;
    if (!isAsync || !load) return undefined;
    const controller = new AbortController();
    setLoaded((previous) => ({ ...previous, isLoading: true, error: null }));
    const timer = setTimeout(
      () => {
        load(query, controller.signal).then(
          (result) => {
            if (!controller.signal.aborted) setLoaded({ items: result, isLoading: false, error: null });
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            setLoaded({
              items: [],
              isLoading: false,
              error: error instanceof Error ? error.message : String(error),
            });
          },
        );
      },
      query === '' ? 0 : debounceMs,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [isAsync, query, debounceMs]);

  let options: readonly T[];
  if (isAsync) options = loaded.items;
  else if (onInputChange) options = items ?? [];
  else options = (items ?? []).filter((item) => contains(getLabel(item), query));

  const byKey = new Map<Key, T>(options.map((item) => [getKey(item), item]));
  if (value) byKey.set(getKey(value), value);
  const busy = isAsync ? loaded.isLoading : isLoading;

  const handleInputChange = (text: string) => {
    setInputValue(text);
    onInputChange?.(text);
  };

  const handleSelectionChange = (key: Key | null) => {
    const item = key === null ? null : (byKey.get(key) ?? null);
    // Both the text and the choice are controlled here, so react-aria leaves syncing the text to
    // us: on a choice, and on Escape or blur (it re-sends the current choice), show its label.
    setInputValue(item ? getLabel(item) : '');
    if ((item && value && getKey(item) === getKey(value)) || (!item && !value)) return;
    onChange?.(item);
  };

  return (
    <AriaComboBox
      {...props}
      className={fieldStyles.field}
      items={options}
      inputValue={inputValue}
      onInputChange={handleInputChange}
      selectedKey={value ? getKey(value) : null}
      onSelectionChange={handleSelectionChange}
      allowsEmptyCollection
    >
      <Field label={label} description={description} errorMessage={errorMessage}>
        <div className={styles.box}>
          <Input className={`${fieldStyles.input} ${styles.input}`} placeholder={placeholder} />
          <AriaButton className={styles.button}>
            <Icon name="chevronDown" />
          </AriaButton>
        </div>
      </Field>
      <Popover className={selectStyles.popover}>
        <ListBox
          className={selectStyles.listBox}
          aria-busy={busy || undefined}
          renderEmptyState={() => (
            <div className={selectStyles.emptyOptions}>
              {loaded.error ?? (busy ? loadingText : emptyText)}
            </div>
          )}
        >
          {(item: T) => (
            <OptionItem id={getKey(item)} textValue={getLabel(item)}>
              {renderItem ? renderItem(item) : getLabel(item)}
            </OptionItem>
          )}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}
