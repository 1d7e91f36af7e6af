import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Autocomplete,
  Button as AriaButton,
  Dialog,
  Header,
  Heading,
  Input,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Modal,
  ModalOverlay,
  TextField,
  type Key,
} from 'react-aria-components';
import { useNavigate } from 'react-router';
import { SEARCH_QUERY_MAX_LENGTH } from '../../contract/search';
import { COMMAND_PALETTE_TEXTS as TEXTS } from '../../contract/texts/search';
import { useSessionState } from '../../lib/session';
import { ActiveBadge, Button, ErrorBanner, Icon, StatusBadge, type IconName } from '../../ui';
import { useSearch } from './api/search';
import { entryText, paletteSections, recentItemOf, type PaletteEntry } from './palette-items';
import { readRecentItems, rememberOpened } from '../../lib/routing/recent-items';
import * as styles from './CommandPalette.css';

/** Quiet time after a keystroke before the server is asked: a light one, the answer is small. */
export const SEARCH_DEBOUNCE_MS = 150;

/** `value` once it has stayed the same for `ms`; an empty value at once (nothing is asked for it). */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return value === '' ? '' : settled;
}

interface EntryLook {
  /** Pages and actions only: the sections' titles say what the others are. */
  icon?: IconName;
  label: string;
  detail?: string;
  badge?: ReactNode;
  /** A serial number, in the monospace the console writes them in. */
  isSerial?: boolean;
}

function lookOf(entry: PaletteEntry): EntryLook {
  switch (entry.kind) {
    case 'page':
      return { icon: 'arrowRight', label: entry.label };
    case 'action':
      return { icon: 'plus', label: entry.label };
    case 'certificate':
      return {
        label: entry.certificate.serialNumber,
        isSerial: true,
        detail: entry.certificate.clientName,
        badge: <StatusBadge status={entry.certificate.status} />,
      };
    case 'client':
      return {
        label: entry.client.name,
        badge: (
          <ActiveBadge
            isActive={entry.client.isActive}
            labels={{ active: TEXTS.clientActive, inactive: TEXTS.clientInactive }}
          />
        ),
      };
    case 'user':
      return { label: entry.user.name, detail: entry.user.email };
    case 'recent': {
      const kind = TEXTS.kinds[entry.item.kind];
      return {
        label: entry.item.label,
        isSerial: entry.item.kind === 'certificate',
        detail: entry.item.detail ? `${kind} · ${entry.item.detail}` : kind,
      };
    }
  }
}

/**
 * What an entry shows: its name, a second line and a certificate's or client's status, all of it the option's
 * accessible name (the words spaced apart), so what is read is what is seen.
 */
function EntryContent({ entry }: { entry: PaletteEntry }) {
  const { icon, label, detail, badge, isSerial } = lookOf(entry);
  return (
    <>
      {icon && (
        <span className={styles.entryIcon}>
          <Icon name={icon} />
        </span>
      )}
      <span className={styles.entryText}>
        <span className={styles.entryLabel} data-serial={isSerial || undefined}>
          {label}
        </span>{' '}
        {(detail || badge) && (
          <span className={styles.entryDetail}>
            {detail && <span className={styles.entryDetailText}>{detail}</span>}
            {detail && badge && ' '}
            {badge}
          </span>
        )}
      </span>
    </>
  );
}

export interface CommandPaletteProps {
  onClose: () => void;
}

/**
 * "Find anything" (react-aria's Autocomplete over a ListBox in a modal dialog): the field keeps the focus while the
 * arrow keys move through the results (the list's active option is announced), Enter opens one, Escape closes and
 * focus goes back to what opened the palette. Pages and actions are matched here as the user types; certificates,
 * clients and users come from `GET /search` once typing pauses. Before anything is typed, the items opened last.
 */
export function CommandPalette({ onClose }: CommandPaletteProps) {
  const session = useSessionState();
  const user = session.status === 'authenticated' ? session.user : null;
  const role = user?.role.name ?? 'viewer';
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [input, setInput] = useState('');
  const query = input.trim();
  const debounced = useDebounced(query, SEARCH_DEBOUNCE_MS);
  const search = useSearch(debounced);
  const [recent] = useState(() => (user ? readRecentItems(user.uuid) : []));
  const [isRetrying, setRetrying] = useState(false);

  const error = query !== '' ? search.error : undefined;
  const sections = paletteSections({
    role,
    query,
    results: query === '' || error ? undefined : search.data,
    recent,
  });
  const entries = new Map(sections.flatMap((section) => section.entries.map((entry) => [entry.key, entry])));
  // Settled: the answer on screen is the one for what is typed now.
  const isSearching = query !== '' && (debounced !== query || search.isLoading);

  const openEntry = (key: Key) => {
    const entry = entries.get(String(key));
    if (!entry) return;
    const item = recentItemOf(entry);
    if (item && user) rememberOpened(user.uuid, item);
    onClose();
    void navigate(entry.path);
  };

  const retry = async () => {
    setRetrying(true);
    inputRef.current?.focus();
    try {
      await search.mutate();
    } finally {
      setRetrying(false);
    }
  };

  let announcement = '';
  if (query !== '' && !isSearching && !error)
    announcement = entries.size === 0 ? TEXTS.noResults(query) : TEXTS.resultCount(entries.size);

  return (
    <ModalOverlay
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      isDismissable
      className={styles.overlay}
    >
      <Modal className={styles.modal}>
        <Dialog className={styles.dialog}>
          <Heading slot="title" className={styles.visuallyHidden}>
            {TEXTS.title}
          </Heading>
          <Autocomplete inputValue={input} onInputChange={setInput}>
            <div className={styles.inputRow}>
              <span className={styles.inputIcon}>
                <Icon name="search" size={18} />
              </span>
              <TextField
                aria-label={TEXTS.inputLabel}
                className={styles.field}
                autoFocus
                maxLength={SEARCH_QUERY_MAX_LENGTH}
              >
                <Input ref={inputRef} className={styles.input} placeholder={TEXTS.placeholder} />
              </TextField>
              <AriaButton className={styles.close} aria-label={TEXTS.close} onPress={onClose}>
                <Icon name="close" />
              </AriaButton>
            </div>
            {error && (
              <div className={styles.error}>
                <ErrorBanner
                  message={error.message}
                  action={
                    <Button variant="secondary" size="sm" isPending={isRetrying} onPress={() => void retry()}>
                      {TEXTS.retry}
                    </Button>
                  }
                />
              </div>
            )}
            {/* Busy while the results are not yet those of what is typed (react-aria's ListBox drops aria-busy). */}
            <div aria-busy={isSearching || undefined}>
              <ListBox
                aria-label={TEXTS.resultsLabel}
                className={styles.list}
                onAction={openEntry}
                renderEmptyState={() => (
                  <p className={styles.empty}>
                    {query === ''
                      ? TEXTS.nothingRecent
                      : error
                        ? TEXTS.failed
                        : isSearching
                          ? TEXTS.searching
                          : TEXTS.noResults(query)}
                  </p>
                )}
              >
                {sections.map((section) => (
                  <ListBoxSection key={section.id} id={section.id} className={styles.section}>
                    <Header className={styles.sectionTitle}>{section.title}</Header>
                    {section.entries.map((entry) => (
                      <ListBoxItem
                        key={entry.key}
                        id={entry.key}
                        textValue={entryText(entry)}
                        className={styles.entry}
                      >
                        <EntryContent entry={entry} />
                      </ListBoxItem>
                    ))}
                  </ListBoxSection>
                ))}
              </ListBox>
            </div>
          </Autocomplete>
          <div role="status" className={styles.visuallyHidden}>
            {announcement}
          </div>
          <div className={styles.footer} aria-hidden="true">
            {TEXTS.hints.map((hint) => (
              <span key={hint.keys} className={styles.hint}>
                <kbd className={styles.key}>{hint.keys}</kbd> {hint.does}
              </span>
            ))}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
