import { USERS_SEARCH_DEBOUNCE_MS } from '../../contract/constants';
import { SearchField, type SearchFieldProps } from '../../ui';

/**
 * The kit's SearchField as every search of the console uses it: the query waits until typing pauses
 * (`USERS_SEARCH_DEBOUNCE_MS`), so the server is asked once for a word, not once per keystroke.
 */
export function ListSearchField(props: Omit<SearchFieldProps, 'debounceMs'>) {
  return <SearchField debounceMs={USERS_SEARCH_DEBOUNCE_MS} {...props} />;
}
