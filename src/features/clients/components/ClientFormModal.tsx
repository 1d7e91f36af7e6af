import type { Client } from '../../../contract/clients';
import { CLIENTS_TEXTS, CLIENTS_TOASTS, LIST_TEXTS } from '../../../contract/ui-texts';
import {
  Button,
  Checkbox,
  ErrorBanner,
  Form,
  FormActions,
  Modal,
  TextArea,
  TextField,
  useToast,
} from '../../../ui';
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
  const { values, change, fieldErrors, formError, isSubmitting, onSubmit } = useFormSubmit({
    initialValues: () => (client ? clientFormValuesOf(client) : emptyClientForm),
    prepare,
    ...namedSaveOutcome(toast, CLIENTS_TOASTS, { isEditing, close }),
  });

  return (
    <Form
      onSubmit={onSubmit}
      validationErrors={fieldErrors}
      aria-label={isEditing ? CLIENTS_TEXTS.editTitle : CLIENTS_TEXTS.addTitle}
    >
      {formError && <ErrorBanner message={formError} />}
      <TextField
        label={CLIENTS_TEXTS.nameLabel}
        name="name"
        autoComplete="off"
        isRequired
        autoFocus
        value={values.name}
        onChange={change('name')}
      />
      <TextArea
        label={CLIENTS_TEXTS.descriptionLabel}
        name="description"
        rows={3}
        value={values.description}
        onChange={change('description')}
      />
      <TextField
        label={CLIENTS_TEXTS.contactEmailLabel}
        name="contactEmail"
        type="email"
        autoComplete="off"
        value={values.contactEmail}
        onChange={change('contactEmail')}
      />
      <TextField
        label={CLIENTS_TEXTS.contactPhoneLabel}
        name="contactPhone"
        type="tel"
        autoComplete="off"
        value={values.contactPhone}
        onChange={change('contactPhone')}
      />
      <TextArea
        label={CLIENTS_TEXTS.addressLabel}
        name="address"
        rows={2}
        value={values.address}
        onChange={change('address')}
      />
      {isEditing && (
        <Checkbox name="isActive" isSelected={values.isActive} onChange={change('isActive')}>
          {CLIENTS_TEXTS.activeLabel}
        </Checkbox>
      )}
      <FormActions>
        <Button variant="secondary" onPress={close} isDisabled={isSubmitting}>
          {LIST_TEXTS.cancel}
        </Button>
        <Button type="submit" isPending={isSubmitting}>
          {isSubmitting
            ? LIST_TEXTS.saving
            : isEditing
              ? CLIENTS_TEXTS.updateSubmit
              : CLIENTS_TEXTS.createSubmit}
        </Button>
      </FormActions>
    </Form>
  );
}

/** Add or edit a client (docs/requirements.md#clients-screen and #validation): `client` null adds one; the Active checkbox shows only when editing. */
export function ClientFormModal({
  client,
  isOpen,
  onOpenChange,
}: {
  client: Client | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  return (
    <Modal
      title={client ? CLIENTS_TEXTS.editTitle : CLIENTS_TEXTS.addTitle}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
    >
      {(close) => <ClientForm client={client} close={close} />}
    </Modal>
  );
}
