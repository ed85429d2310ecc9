/**
 * A user as the API answers it (spec 1, 3), with the flags the server computes for the signed-in user.
 * The server builds it, the client reads it; `Time` is `Date` on the server and the ISO string it
 * becomes in JSON on the client.
 */
export interface User<Time = string> {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  roles: string[];
  disabled: boolean;
  authentications: { provider: string }[];
  created_at: Time;
  last_sign_in_at: Time | null;
  /** The signed-in user's own row: shown as "(you)", and neither editable nor deletable (spec 1, 6). */
  current_user: boolean;
  can_be_edited: boolean;
  can_be_deleted: boolean;
}
