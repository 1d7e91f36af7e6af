import { describe, expect, it } from 'vitest';
import { createUserPayload, emptyUserForm, updateUserPayload } from './user-form';

const filled = { name: 'Nora Nguyen', email: 'nora@example.test', password: 'long-enough-1', roleId: 3 };

describe('createUserPayload', () => {
  it('requires name, email, password and role with the docs/requirements.md#validation texts', () => {
    expect(createUserPayload(emptyUserForm)).toEqual({
      ok: false,
      fieldErrors: {
        name: 'Name is required',
        email: 'Email is required',
        password: 'Password is required',
        roleId: 'Role is required',
      },
    });
  });

  it('sends the four fields, trimmed', () => {
    expect(createUserPayload({ ...filled, name: '  Nora Nguyen ' })).toEqual({ ok: true, body: filled });
  });
});

describe('updateUserPayload', () => {
  it('leaves an empty password out and sends no isActive', () => {
    const result = updateUserPayload({ ...filled, password: '' }, { isRoleReadOnly: false });
    expect(result).toEqual({ ok: true, body: { name: filled.name, email: filled.email, roleId: 3 } });
  });

  it('sends a new password when one is typed', () => {
    expect(updateUserPayload(filled, { isRoleReadOnly: false })).toEqual({ ok: true, body: filled });
  });

  it('sends no roleId when the role is read-only (an owner, or oneself)', () => {
    expect(updateUserPayload({ ...filled, password: '', roleId: 1 }, { isRoleReadOnly: true })).toEqual({
      ok: true,
      body: { name: filled.name, email: filled.email },
    });
  });

  it('still requires name, email and an editable role', () => {
    expect(updateUserPayload({ ...emptyUserForm }, { isRoleReadOnly: false })).toEqual({
      ok: false,
      fieldErrors: { name: 'Name is required', email: 'Email is required', roleId: 'Role is required' },
    });
  });
});
