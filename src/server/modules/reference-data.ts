import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { Db } from '../db/connection.js';
import { bankRoutes } from './banks/routes.js';
import { categoriesInitData, categoryRoutes } from './categories/routes.js';
import { contributeInitData } from './config/reference.js';
import { contentOwnerRoutes, contentOwnersInitData } from './content-owners/routes.js';
import { currencyRateRoutes } from './currency-rates/routes.js';
import { organizationRoutes, organizationsInitData } from './organizations/routes.js';
import { tagRoutes } from './tags/routes.js';
import { userRoutes } from './users/routes.js';
import { vatRateRoutes, vatRatesInitData } from './vat-rates/routes.js';

/** The admin reference data of spec 1 (2.6–2.13): one module each, registered together. */
export function referenceDataRoutes(app: FastifyInstance, ctx: AppContext): void {
  initDb = ctx.db;
  bankRoutes(app, ctx);
  categoryRoutes(app, ctx);
  contentOwnerRoutes(app, ctx);
  currencyRateRoutes(app, ctx);
  organizationRoutes(app, ctx);
  tagRoutes(app, ctx);
  userRoutes(app, ctx);
  vatRateRoutes(app, ctx);
}

// Init data contributors are process-wide: registered once here, they read the database of the app
// built last (there is one app per process; in tests, one per test file).
let initDb: Db | undefined;
contributeInitData(async (data) => {
  if (!initDb) return;
  await Promise.all([
    contentOwnersInitData(initDb, data),
    organizationsInitData(initDb, data),
    categoriesInitData(initDb, data),
    vatRatesInitData(initDb, data),
  ]);
});
