import { CONTENT_LOCALES } from '../locales.js';
import { defineList } from './define-list.js';

/** /portal-faqs. */
export const portalFaqsList = defineList({
  sorts: ['id', 'title', 'locale', 'portal_faq_section', 'created_at'],
  filters: { locale: { kind: 'string', values: CONTENT_LOCALES }, portal_faq_section_id: { kind: 'integer' } },
});

/** /portal-pages. */
export const portalPagesList = defineList({
  sorts: ['id', 'name', 'locale', 'title', 'created_at'],
  filters: { locale: { kind: 'string', values: CONTENT_LOCALES } },
});

/** /portal-faq-sections. */
export const portalSectionsList = defineList({
  sorts: ['id', 'name', 'locale', 'created_at'],
  filters: { locale: { kind: 'string', values: CONTENT_LOCALES } },
});
