// The little of oidc-provider 8 (plain JavaScript, no published types) that tests/support/oidc-provider.ts uses.
declare module 'oidc-provider' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface ProviderContext {
    path: string;
    method: string;
    status: number;
    body: unknown;
    oidc: {
      provider: Provider;
      client?: { clientId: string };
      session?: { accountId?: string };
      requestParamScopes: Set<string>;
    };
  }

  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string };
    params: Record<string, unknown>;
  }

  export class Check {
    constructor(
      reason: string,
      description: string,
      error: string,
      check: (ctx: ProviderContext) => boolean | Promise<boolean>,
    );
    static REQUEST_PROMPT: true;
    static NO_NEED_TO_PROMPT: false;
  }

  export interface PromptInstance {
    name: string;
    checks: Check[];
  }

  export interface Policy extends Array<PromptInstance> {
    get(name: string): PromptInstance | undefined;
  }

  export const interactionPolicy: { base(): Policy; Check: typeof Check };

  export default class Provider extends EventEmitter {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: (ctx: ProviderContext, next: () => Promise<void>) => Promise<void>): void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    Grant: new (properties: { accountId?: string; clientId?: string }) => GrantInstance;
  }
}
