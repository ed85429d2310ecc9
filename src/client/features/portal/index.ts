import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../index';

const SectionsList = lazy(() => import('./sections-list'));
const SectionForm = lazy(() => import('./section-form'));
const FaqsList = lazy(() => import('./faqs-list'));
const FaqForm = lazy(() => import('./faq-form'));
const PagesList = lazy(() => import('./pages-list'));
const PageForm = lazy(() => import('./page-form'));

/** Screens of this area by route id (lazily loaded). */
export const portalScreens: Record<string, ComponentType<ScreenProps>> = {
  'portal_faq_sections.list': SectionsList,
  'portal_faq_sections.new': SectionForm,
  'portal_faq_sections.edit': SectionForm,
  'portal_faqs.list': FaqsList,
  'portal_faqs.new': FaqForm,
  'portal_faqs.edit': FaqForm,
  'portal_pages.list': PagesList,
  'portal_pages.new': PageForm,
  'portal_pages.edit': PageForm,
};
