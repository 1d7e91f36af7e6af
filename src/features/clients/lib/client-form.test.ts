import { describe, expect, it } from 'vitest';
import { createClientPayload, emptyClientForm, updateClientPayload } from './client-form';

describe('createClientPayload', () => {
  it('requires a company name and a contact email with an @ (docs/requirements.md#validation)', () => {
    expect(createClientPayload({ ...emptyClientForm, contactEmail: 'not-an-email' })).toEqual({
      ok: false,
      fieldErrors: { name: 'Company name is required', contactEmail: 'Please enter a valid email address' },
    });
  });

  it('sends empty optional strings as empty strings and no isActive', () => {
    expect(createClientPayload({ ...emptyClientForm, name: ' Acme ' })).toEqual({
      ok: true,
      body: {
        name: 'Acme',
        description: '',
        contactEmail: '',
        contactPhone: '',
        address: '',
        remindContact: false,
      },
    });
  });

  it('sends contact reminders only with a contact email to send them to', () => {
    const withEmail = { ...emptyClientForm, name: 'Acme', contactEmail: 'a@b.test', remindContact: true };
    expect(createClientPayload(withEmail)).toMatchObject({ ok: true, body: { remindContact: true } });
    expect(createClientPayload({ ...withEmail, contactEmail: ' ' })).toMatchObject({
      ok: true,
      body: { remindContact: false },
    });
  });
});

describe('updateClientPayload', () => {
  it('sends every field with the Active checkbox', () => {
    const values = {
      name: 'Acme',
      description: 'd',
      contactEmail: 'a@b.test',
      contactPhone: '1',
      address: 'x',
      isActive: false,
      remindContact: true,
    };
    expect(updateClientPayload(values)).toEqual({ ok: true, body: values });
  });

  it('still requires the company name', () => {
    expect(updateClientPayload({ ...emptyClientForm })).toEqual({
      ok: false,
      fieldErrors: { name: 'Company name is required' },
    });
  });
});
