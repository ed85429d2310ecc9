import type { ColumnType } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

export interface PortalUsersTable {
  id: Id;
  email: string;
  email_key: ColumnType<string, never, never>;
  created_at: CreatedAt;
}

export interface PortalSignInTokensTable {
  id: Id;
  token_digest: string;
  csrf_digest: string;
  portal_user_id: number;
  vendor_contact_email_id: number;
  issued_by_user_id: number | null;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface PortalSessionsTable {
  id: Id;
  token_digest: string;
  portal_user_id: number;
  vendor_contact_email_id: number;
  issued_by_user_id: number | null;
  expires_at: Date;
  created_at: CreatedAt;
}

declare module '../../db/schema.js' {
  interface Database {
    portal_users: PortalUsersTable;
    portal_sign_in_tokens: PortalSignInTokensTable;
    portal_sessions: PortalSessionsTable;
  }
}

