import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { recordId } from '../../http/resource.js';
import { DETAIL_ROLES } from '../../../shared/payment-lifecycle.js';
import { loadStatement } from './statement.js';
import { statementCsv } from './statement-csv.js';
import { renderStatementPdf } from './statement-pdf.js';

const fileName = (reference: string, ext: string) => `statement-${reference.replace(/[^A-Za-z0-9._-]/g, '_')}.${ext}`;

/** Vendor statements (issue 16): a payment's line items, formulas and totals as PDF or CSV, for whoever may see the payment. */
export function statementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const statement = async (raw: string, localized: boolean) => {
    const id = recordId(raw);
    const data = id === undefined ? undefined : await loadStatement(ctx.db, id, new Date().toISOString().slice(0, 10), { localized });
    if (!data) throw notFound();
    return data;
  };

  app.get<{ Params: { id: string } }>('/api/payments/:id/statement.pdf', { config: { roles: DETAIL_ROLES } }, async (request, reply) => {
    const data = await statement(request.params.id, true);
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${fileName(data.reference, 'pdf')}"`)
      .send(await renderStatementPdf(data));
  });

  app.get<{ Params: { id: string } }>('/api/payments/:id/statement.csv', { config: { roles: DETAIL_ROLES } }, async (request, reply) => {
    const data = await statement(request.params.id, false);
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${fileName(data.reference, 'csv')}"`)
      .send(statementCsv(data));
  });
}
