import { defineList } from './define-list.js';

/** A record's audit log (newest version first). */
export const auditList = defineList({ sorts: ['version'] });
