import type { CreatedAt, Id, Timestamp } from '../../db/schema.js';
import type { ColumnType, Generated } from 'kysely';

export interface UsersTable {
  id: Id;
  email: string;
  first_name: string;
  last_name: string;
  password_digest: string | null;
  roles: ColumnType<string[], string[] | undefined, string[]>;
  disabled: Generated<boolean>;
  failed_attempts: Generated<number>;
  first_failed_at: Timestamp | null;
  locked_until: Timestamp | null;
  last_sign_in_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  lock_version: Generated<number>;
}

export interface UserAuthenticationsTable {
  id: Id;
  user_id: number;
  provider: string;
  uid: string;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: Id;
  user_id: number;
  token_digest: string;
  client: string | null;
  ip: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** Last request, kept to the minute (see `authenticate`). */
  last_seen_at: Generated<Date>;
}

export interface SignInAttemptsTable {
  id: Id;
  email: string;
  ip: string | null;
  method: string;
  outcome: string;
  created_at: CreatedAt;
}

export interface PasswordTokensTable {
  id: Id;
  user_id: number;
  digest: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface OidcRequestsTable {
  state_digest: string;
  verifier: string;
  nonce: string;
  continue_to: string | null;
  platform: string | null;
  expires_at: Timestamp;
}

declare module '../../db/schema.js' {
  interface Database {
    users: UsersTable;
    user_authentications: UserAuthenticationsTable;
    sessions: SessionsTable;
    sign_in_attempts: SignInAttemptsTable;
    password_tokens: PasswordTokensTable;
    oidc_requests: OidcRequestsTable;
  }
}
