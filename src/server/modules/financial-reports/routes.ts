import type { FastifyInstance } from 'fastify';
import { validateWhtReportRequest } from '../../../shared/validation/financial-reports.js';
import type { AppContext } from '../../context.js';
import { ValidationFailed } from '../../http/errors.js';
import { whtReportFileName, whtReportRows, whtReportWorkbook } from './wht-report.js';

/** Spec 3, 6: financial reports need financial_reports (admin passes every check). */
const ROLES = ['financial_reports'];

/** /api/financial_reports (spec 3, 7.6): the withholding-tax report of a quarter as an xlsx download. */
export function financialReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/financial_reports/download_wht_report', { config: { roles: ROLES } }, async (request, reply) => {
    const checked = validateWhtReportRequest(request.query as Record<string, unknown>);
    if (!checked.ok) throw new ValidationFailed(checked.errors);
    const data = await whtReportWorkbook(checked.value, await whtReportRows(ctx.db, checked.value));
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${whtReportFileName(checked.value)}"`)
      .send(data);
  });
}
