import {
  createClientRequestSchema,
  updateClientRequestSchema,
  type Client,
  type CreateClientRequest,
  type UpdateClientRequest,
} from '../../../contract/clients';
import { fieldErrorsOf } from '../../../contract/errors';

/** What the add/edit form holds (docs/requirements.md#clients-screen Clients). */
export interface ClientFormValues {
  name: string;
  description: string;
  contactEmail: string;
  contactPhone: string;
  address: string;
  isActive: boolean;
  /** Expiry reminders to the contact email; sent as off while there is no contact email. */
  remindContact: boolean;
}

export const emptyClientForm: ClientFormValues = {
  name: '',
  description: '',
  contactEmail: '',
  contactPhone: '',
  address: '',
  isActive: true,
  remindContact: false,
};

export const clientFormValuesOf = (client: Client): ClientFormValues => ({
  name: client.name,
  description: client.description,
  contactEmail: client.contactEmail,
  contactPhone: client.contactPhone,
  address: client.address,
  isActive: client.isActive,
  remindContact: client.remindContact,
});

/** Reminders go to the contact email only: without one, the box is off whatever it showed before. */
const withReminderRule = (values: ClientFormValues): ClientFormValues => ({
  ...values,
  remindContact: values.remindContact && values.contactEmail.trim() !== '',
});

export type ClientFormResult<T> = { ok: true; body: T } | { ok: false; fieldErrors: Record<string, string> };

/** The create payload: every text sent, empty optional ones as '' (docs/requirements.md#validation); isActive is not part of it. */
export function createClientPayload(values: ClientFormValues): ClientFormResult<CreateClientRequest> {
  const { isActive: _isActive, ...fields } = withReminderRule(values);
  const parsed = createClientRequestSchema.safeParse(fields);
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, fieldErrors: fieldErrorsOf(parsed.error.issues) };
}

/** The edit payload: every field, including the Active checkbox that only editing shows. */
export function updateClientPayload(values: ClientFormValues): ClientFormResult<UpdateClientRequest> {
  const parsed = updateClientRequestSchema.safeParse(withReminderRule(values));
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error.issues) };
  // The schema is partial (the API takes any subset); the form always needs a company name.
  if (!parsed.data.name) return { ok: false, fieldErrors: { name: 'Company name is required' } };
  return { ok: true, body: parsed.data };
}
