import { ALL_ROLES } from '../roles.js';
import { defineList } from './define-list.js';

/** /api/users: `roles` matches a user holding any of the given roles. */
export const usersList = defineList({
  sorts: ['id', 'email', 'first_name', 'last_name', 'roles', 'disabled', 'created_at', 'last_sign_in_at'],
  filters: {
    email: { kind: 'text' },
    first_name: { kind: 'text' },
    last_name: { kind: 'text' },
    roles: { kind: 'string', values: ALL_ROLES },
    disabled: { kind: 'boolean' },
    created_at: { kind: 'date' },
    last_sign_in_at: { kind: 'date' },
  },
});
