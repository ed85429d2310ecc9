import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { portalFaqRoutes } from './faqs.js';
import { portalPageRoutes } from './pages.js';
import { portalFaqSectionRoutes } from './sections.js';

/** Vendor-portal content (spec 1, 2.14): FAQ sections, FAQs and pages. */
export function portalRoutes(app: FastifyInstance, ctx: AppContext): void {
  portalFaqSectionRoutes(app, ctx);
  portalFaqRoutes(app, ctx);
  portalPageRoutes(app, ctx);
}
