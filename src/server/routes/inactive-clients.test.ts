// The inactive-client rule (INACTIVE_CLIENT_RULE of src/contract/certificate-rules.ts, applied under the client's
// lock by services/clients/inactive-clients.ts; docs/security.md) through the API: no new or renewed
// licence for a deactivated client, everything that reduces exposure still open, and its licences answered
// REVOKED by the licence check until the client is active again.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_MESSAGES,
  INACTIVE_CLIENT_RULE,
  LIFECYCLE_ACTIONS,
  certificateResponseSchema,
  errorBodySchema,
  licenseFileSchema,
  validateLicenseResponseSchema,
} from '../../contract';

import { anonymous, callerAs, type SignedInCaller, testAppPerFile } from '../../../tests/support/callers';
import {
  certificateBody,
  createCertificate,
  historyActions,
  insertClient,
  stepRequest,
} from '../../../tests/support/certificates';

let editor: SignedInCaller;
let admin: SignedInCaller;

const ctx = testAppPerFile({ env: { VALIDATE_RATE_LIMIT: '0' } });

beforeAll(async () => {
  editor = await callerAs(ctx, 'editor');
  admin = await callerAs(ctx, 'admin');
});

const setClientActive = async (clientId: string, isActive: boolean) => {
  const response = await editor.put(`/clients/${clientId}`, { isActive });
  expect(response.statusCode, response.body).toBe(200);
};
const validate = async (license: unknown) => {
  const response = await anonymous(ctx).post('/certificates/validate', { license });
  expect(response.statusCode, response.body).toBe(200);
  return validateLicenseResponseSchema.parse(response.json()).data;
};
const statusOf = async (id: string) =>
  certificateResponseSchema.parse((await editor.get(`/certificates/${id}`)).json()).data.status;

describe('certificates of an inactive client', () => {
  it('refuses create, activate and generate; allows edit, download, revoke and delete; the licence check answers REVOKED until reactivation', async () => {
    const client = await insertClient(ctx.database.db);
    const from = Date.now() - 1000;
    const pending = await createCertificate(editor, certificateBody(client.id, from));
    const draft = await createCertificate(editor, certificateBody(client.id, from));
    const active = await createCertificate(editor, certificateBody(client.id, from));
    const toRevoke = await createCertificate(editor, certificateBody(client.id, from));
    for (const c of [active, toRevoke])
      expect((await stepRequest(editor, c.uuid, 'activate')).statusCode).toBe(200);
    const file = licenseFileSchema.parse((await editor.get(`/certificates/${active.uuid}/download`)).json());
    expect((await validate(file)).code).toBe('VALID');

    await setClientActive(client.id, false);

    const created = await editor.post('/certificates', certificateBody(client.id, from));
    expect(created.statusCode).toBe(400);
    expect(errorBodySchema.parse(created.json()).errors).toEqual({
      clientId: CERTIFICATE_MESSAGES.clientInactive,
    });
    for (const [id, step] of [
      [pending.uuid, 'activate'],
      [active.uuid, 'generate'],
    ] as const) {
      const history = await historyActions(ctx.database.db, id);
      const refused = await stepRequest(editor, id, step);
      expect(refused.statusCode, `${step}: ${refused.body}`).toBe(409);
      expect(errorBodySchema.parse(refused.json())).toEqual({
        code: 'CONFLICT',
        message: CERTIFICATE_MESSAGES.clientInactive,
      });
      expect(await historyActions(ctx.database.db, id), `${step} writes nothing`).toEqual(history);
    }
    expect(await statusOf(pending.uuid)).toBe('pending');

    // What reduces exposure, or hands out a licence that already exists, stays open.
    const edited = await editor.put(`/certificates/${pending.uuid}`, { notes: 'waiting for the client' });
    expect(edited.statusCode, edited.body).toBe(200);
    const downloaded = await stepRequest(editor, active.uuid, 'download');
    expect(downloaded.statusCode, downloaded.body).toBe(200);
    expect(licenseFileSchema.parse(downloaded.json()).signature).toBe(file.signature);
    expect((await stepRequest(editor, toRevoke.uuid, 'revoke', { reason: 'client left' })).statusCode).toBe(
      200,
    );
    expect((await admin.delete(`/certificates/${draft.uuid}`)).statusCode).toBe(204);

    // The licence is not honoured while the client is inactive, and its use is not recorded.
    const verdict = await validate(file);
    expect(verdict).toMatchObject({
      valid: false,
      code: 'REVOKED',
      certificate: { uuid: active.uuid, status: 'distributed' },
    });
    await ctx.app.licensing.flushUsage();
    expect((await historyActions(ctx.database.db, active.uuid)).filter((a) => a === 'used')).toHaveLength(1);

    // Reactivation restores everything as it was.
    await setClientActive(client.id, true);
    expect((await validate(file)).code).toBe('VALID');
    expect((await stepRequest(editor, pending.uuid, 'activate')).statusCode).toBe(200);
    expect((await stepRequest(editor, active.uuid, 'generate')).statusCode).toBe(200);
  });

  it('states a rule for every certificate action', () => {
    expect(Object.keys(INACTIVE_CLIENT_RULE).sort()).toEqual(['create', ...LIFECYCLE_ACTIONS].sort());
    expect(
      Object.entries(INACTIVE_CLIENT_RULE)
        .filter(([, rule]) => rule === 'refused')
        .map(([action]) => action)
        .sort(),
    ).toEqual(['activate', 'amend', 'create', 'generate', 'renew', 'transfer']);
  });
});
