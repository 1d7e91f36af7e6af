import type { Client } from '../../../contract/clients';
import { CLIENTS_TEXTS, CLIENTS_TOASTS } from '../../../contract/ui-texts';
import { Checkbox, Modal, TextArea, TextField, useToast, type OpenState } from '../../../ui';
import { NamedRecordForm } from '../../../lib/forms/NamedRecordForm';
import { namedSaveOutcome, useFormSubmit, type PreparedSave } from '../../../lib/forms/use-form-submit';
import { useCreateClient } from '../api/create-client';
import { useUpdateClient } from '../api/update-client';
import {
  clientFormValuesOf,
  createClientPayload,
  emptyClientForm,
  updateClientPayload,
  type ClientFormValues,
} from '../lib/client-form';

function ClientForm({ client, close }: { client: Client | null; close: () => void }) {
  const isEditing = client !== null;
  const createClient = useCreateClient();
  const updateClient = useUpdateClient();
  const toast = useToast();
  /** The call that saves the form, or the form's own field errors (docs/requirements.md#validation) when it is not valid yet. */
  const prepare = (values: ClientFormValues): PreparedSave<Client> => {
    if (client) {
      const payload = updateClientPayload(values);
      return payload.ok ? { save: () => updateClient(client.uuid, payload.body) } : payload;
    }
    const payload = createClientPayload(values);
    return payload.ok ? { save: () => createClient(payload.body) } : payload;
  };
  const { values, change, field, formProps } = useFormSubmit({
    initialValues: () => (client ? clientFormValuesOf(client) : emptyClientForm),
    prepare,
    ...namedSaveOutcome(toast, CLIENTS_TOASTS, { isEditing, close }),
  });

  return (
    <NamedRecordForm isEditing={isEditing} texts={CLIENTS_TEXTS} close={close} formProps={formProps}>
      <TextField label={CLIENTS_TEXTS.nameLabel} {...field('name')} autoComplete="off" isRequired autoFocus />
      <TextArea label={CLIENTS_TEXTS.descriptionLabel} {...field('description')} rows={3} />
      <TextField
        label={CLIENTS_TEXTS.contactEmailLabel}
        {...field('contactEmail')}
        type="email"
        autoComplete="off"
      />
      <TextField
        label={CLIENTS_TEXTS.contactPhoneLabel}
        {...field('contactPhone')}
        type="tel"
        autoComplete="off"
      />
      <TextArea label={CLIENTS_TEXTS.addressLabel} {...field('address')} rows={2} />
      <Checkbox
        name="remindContact"
        // Reminders go to the contact email: without one there is nobody to send them to.
        isDisabled={values.contactEmail.trim() === ''}
        isSelected={values.remindContact && values.contactEmail.trim() !== ''}
        onChange={change('remindContact')}
        description={CLIENTS_TEXTS.remindContactHint}
      >
        {CLIENTS_TEXTS.remindContactLabel}
      </Checkbox>
      {isEditing && (
        <Checkbox name="isActive" isSelected={values.isActive} onChange={change('isActive')}>
          {CLIENTS_TEXTS.activeLabel}
        </Checkbox>
      )}
    </NamedRecordForm>
  );
}

/** Add or edit a client (docs/requirements.md#clients-screen and #validation): `client` null adds one; the Active checkbox shows only when editing. */
export function ClientFormModal({ client, ...openState }: { client: Client | null } & OpenState) {
  return (
    <Modal title={client ? CLIENTS_TEXTS.editTitle : CLIENTS_TEXTS.addTitle} {...openState}>
      {(close) => <ClientForm client={client} close={close} />}
    </Modal>
  );
}
