// Setting up a journey's data through the real API (what the journey itself tests goes through the screens).
import type { APIRequestContext } from '@playwright/test';
import {
  certificateResponseSchema,
  clientResponseSchema,
  tokenSetResponseSchema,
  ROLE_IDS,
  userResponseSchema,
  type Certificate,
  type Client,
  type CreateCertificateRequest,
  type CreateClientRequest,
  type RoleName,
  type User,
} from '../../src/contract';
import { E2E_ACCOUNTS } from './server-log';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A password every account created by the tests uses. */
export const TEST_PASSWORD = 'Journey-Password-1';

/** One signed-in staff member's API calls. */
export class Api {
  constructor(
    private readonly request: APIRequestContext,
    readonly accessToken: string,
    readonly refreshToken: string,
  ) {}

  static async signIn(
    request: APIRequestContext,
    email: string = E2E_ACCOUNTS.owner.email,
    password: string = E2E_ACCOUNTS.owner.password,
  ): Promise<Api> {
    const response = await request.post('/api/v1/auth/login', { data: { email, password } });
    if (!response.ok())
      throw new Error(`sign-in of ${email} answered ${response.status()}: ${await response.text()}`);
    const { data } = tokenSetResponseSchema.parse(await response.json());
    return new Api(request, data.accessToken, data.refreshToken);
  }

  /** A call with this member's token; returns the status and the parsed body. */
  async call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    data?: unknown,
  ): Promise<{ status: number; body: unknown }> {
    const response = await this.request.fetch(`/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.accessToken}` },
      ...(data === undefined ? {} : { data }),
    });
    const text = await response.text();
    return { status: response.status(), body: text ? (JSON.parse(text) as unknown) : null };
  }

  private async ok(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    data?: unknown,
  ): Promise<unknown> {
    const { status, body } = await this.call(method, path, data);
    if (status >= 300) throw new Error(`${method} ${path} answered ${status}: ${JSON.stringify(body)}`);
    return body;
  }

  async createUser(
    name: string,
    role: Exclude<RoleName, 'owner'>,
    email = `${name.toLowerCase().replace(/\W+/g, '.')}@e2e.test`,
  ): Promise<User> {
    const body = await this.ok('POST', '/users', {
      name,
      email,
      password: TEST_PASSWORD,
      roleId: ROLE_IDS[role],
    });
    return userResponseSchema.parse(body).data;
  }

  async setUserActive(user: Pick<User, 'uuid'>, isActive: boolean): Promise<void> {
    await this.ok('PUT', `/users/${user.uuid}`, { isActive });
  }

  async createClient(name: string, fields: Partial<CreateClientRequest> = {}): Promise<Client> {
    const body = await this.ok('POST', '/clients', { name, ...fields });
    return clientResponseSchema.parse(body).data;
  }

  async createCertificate(
    client: Pick<Client, 'uuid'>,
    fields: Partial<CreateCertificateRequest> & { serialNumber: string },
    now = Date.now(),
  ): Promise<Certificate> {
    const body = await this.ok('POST', '/certificates', {
      clientId: client.uuid,
      studioCount: 1,
      userCount: 1,
      validFrom: now - DAY_MS,
      validTo: now + 365 * DAY_MS,
      ...fields,
    });
    return certificateResponseSchema.parse(body).data;
  }

  async activate(certificate: Pick<Certificate, 'uuid'>): Promise<void> {
    await this.ok('POST', `/certificates/${certificate.uuid}/activate`);
  }

  async download(certificate: Pick<Certificate, 'uuid'>): Promise<void> {
    await this.ok('POST', `/certificates/${certificate.uuid}/download`);
  }

  async revoke(certificate: Pick<Certificate, 'uuid'>, reason?: string): Promise<void> {
    await this.ok('POST', `/certificates/${certificate.uuid}/revoke`, reason === undefined ? {} : { reason });
  }
}
