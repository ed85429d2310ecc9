import type { FastifyInstance } from 'fastify';
import { DETAIL_ROLES } from '../../../shared/payment-lifecycle.js';
import { VENDOR_LIST_ROLES } from '../../../shared/roles.js';
import type { AppContext } from '../../context.js';
import { lookupRoute } from '../../http/resource.js';
import { READ_ROLES } from '../contracts/state-machine.js';
import { paletteContracts } from '../contracts/palette-lookup.js';
import { palettePayments } from '../payments/palette-lookup.js';
import { paletteVendors } from '../vendors/palette-lookup.js';

/**
 * `GET /api/{payments,vendors,contracts}/palette?q=`: the command palette's record lookups at a million
 * rows (issue 27), one bounded query per kind so each answers on its own (the palette shows each kind as
 * it arrives): at most five rows, no count, read from indexes in order. Roles as each area's lookup.
 */
export function paletteRoutes(app: FastifyInstance, ctx: AppContext): void {
  lookupRoute(app, '/api/payments/palette', DETAIL_ROLES, ({ q }) => palettePayments(ctx.db, q));
  lookupRoute(app, '/api/vendors/palette', [...VENDOR_LIST_ROLES, 'contracts', 'contracts_admin', 'contracts_approve', 'payments'], ({ q }) => paletteVendors(ctx.db, q));
  lookupRoute(app, '/api/contracts/palette', [...READ_ROLES, 'payments'], ({ q }) => paletteContracts(ctx.db, q));
}
