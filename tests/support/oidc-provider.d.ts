/** The part of `oidc-provider` (which ships no types) that the single sign-on test uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>>;
  }

  export interface Configuration {
    clients?: Record<string, unknown>[];
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined>;
    claims?: Record<string, string[] | null>;
    features?: Record<string, { enabled: boolean } & Record<string, unknown>>;
    pkce?: { required?: (ctx: unknown, client: unknown) => boolean };
    cookies?: { keys?: string[] };
    conformIdTokenClaims?: boolean;
    ttl?: Record<string, number>;
    [key: string]: unknown;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
  export default Provider;
}
