import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { auditRoutes } from './audit/routes.js';
import { configRoutes } from './config/routes.js';
import { oidcRoutes } from './session/oidc.js';
import { portalRoutes } from './portal/routes.js';
import { referenceDataRoutes } from './reference-data.js';
import { sessionRoutes } from './session/routes.js';
import { whitelistedChannelRoutes } from './whitelisted-channels/routes.js';

/** Every area's routes. An area adds one line here. */
export function registerModules(app: FastifyInstance, ctx: AppContext): void {
  sessionRoutes(app, ctx);
  oidcRoutes(app, ctx);
  configRoutes(app, ctx);
  auditRoutes(app, ctx);
  referenceDataRoutes(app, ctx);
  portalRoutes(app, ctx);
  whitelistedChannelRoutes(app, ctx);
}
