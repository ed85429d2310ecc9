import type { Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

export interface PortalFaqSectionsTable {
  id: Id;
  name: string;
  locale: string;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  lock_version: Generated<number>;
}

export interface PortalFaqsTable {
  id: Id;
  portal_faq_section_id: number;
  locale: string;
  title: string;
  /** Sanitised HTML (lib/sanitize-html.ts). */
  body: string;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  lock_version: Generated<number>;
}

export interface PortalPagesTable {
  id: Id;
  name: string;
  locale: string;
  title: string;
  /** Sanitised HTML (lib/sanitize-html.ts). */
  body: string;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  lock_version: Generated<number>;
}

declare module '../../db/schema.js' {
  interface Database {
    portal_faq_sections: PortalFaqSectionsTable;
    portal_faqs: PortalFaqsTable;
    portal_pages: PortalPagesTable;
  }
}
