/** A user as the server sends it (spec 1, 3), with the flags it computes for the signed-in user. */
export interface User {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  roles: string[];
  disabled: boolean;
  authentications: { provider: string }[];
  created_at: string;
  last_sign_in_at: string | null;
  /** The signed-in user's own row: it cannot be edited or deleted here (spec 1, 6). */
  current_user: boolean;
  can_be_edited: boolean;
  can_be_deleted: boolean;
}
