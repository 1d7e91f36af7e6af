import { useState } from 'react';
import {
  Button as AriaButton,
  ComboBox,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components';
import type { Client } from '../../../contract/clients';
import { CERTIFICATES_TEXTS } from '../../../contract/ui-texts';
import { Field, fieldStyles, Icon, TextField } from '../../../ui';
import { useActiveClients } from '../api/list-active-clients';
import * as styles from './ClientPicker.css';

const TEXTS = CERTIFICATES_TEXTS.form;

export interface ClientPickerProps {
  clientId: string | null;
  clientName: string;
  /** Editing: the client of a certificate never changes (docs/requirements.md#validation). */
  isDisabled: boolean;
  errorMessage?: string;
  onChange: (clientId: string | null, clientName: string) => void;
}

/**
 * The certificate's client: type to search the active clients (up to 100, docs/requirements.md#constants), arrow keys
 * to move, Enter to choose. Inactive clients are never offered.
 */
export function ClientPicker({
  clientId,
  clientName,
  isDisabled,
  errorMessage,
  onChange,
}: ClientPickerProps) {
  const [inputValue, setInputValue] = useState(clientName);
  // Searching by the chosen client's full name would hide the others: search only what is typed.
  const search = inputValue === clientName ? '' : inputValue;
  const { data: clients, error } = useActiveClients(search, { isEnabled: !isDisabled });

  if (isDisabled) return <TextField label={TEXTS.client} name="clientName" value={clientName} isDisabled />;

  return (
    <ComboBox
      className={fieldStyles.field}
      name="clientId"
      isRequired
      isInvalid={Boolean(errorMessage)}
      selectedKey={clientId}
      inputValue={inputValue}
      onInputChange={setInputValue}
      onSelectionChange={(key) => {
        const chosen = clients?.find((client) => client.uuid === key);
        onChange(chosen?.uuid ?? null, chosen?.name ?? '');
        if (chosen) setInputValue(chosen.name);
      }}
      items={clients ?? []}
      menuTrigger="focus"
      allowsEmptyCollection
    >
      <Field label={TEXTS.client} errorMessage={errorMessage}>
        <div className={styles.control}>
          <Input className={styles.input} placeholder={TEXTS.clientSearch} />
          <AriaButton className={styles.button} aria-label={TEXTS.clientSearch}>
            <Icon name="chevronDown" />
          </AriaButton>
        </div>
        {/* A failed search reads as an error, though it only describes the field. */}
        {error && (
          <Text slot="description" className={fieldStyles.error}>
            {error.message}
          </Text>
        )}
      </Field>
      <Popover className={styles.popover}>
        <ListBox
          className={styles.listBox}
          renderEmptyState={() => <p className={styles.empty}>{CERTIFICATES_TEXTS.form.noClients}</p>}
        >
          {(client: Client) => (
            <ListBoxItem id={client.uuid} textValue={client.name} className={styles.option}>
              {client.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
