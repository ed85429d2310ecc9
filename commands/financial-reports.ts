import { getWhtChoice } from '../src/client/features/financial-reports/wht-report-state';
import { downloadAttachment } from '../src/client/lib/download';
import { routePath } from '../src/client/route-table';
import type { Lookup } from './lookups';
import type { Command } from './types';

const ROLES = ['financial_reports'];

/**
 * Financial reports (spec 3, 2.6, 6, 7.6; role financial_reports, admin passes): download the
 * withholding-tax report of the card's year and quarter under the server's file name. From elsewhere
 * the command opens the page first, so the quarter is chosen, not implied. A failed download shows no
 * message (spec 3, 8).
 */
export const financialReportsCommands: Command[] = [
  {
    id: 'financial_reports.download_wht_report',
    title: 'financial_reports.commands.download_wht_report',
    group: 'commands.groups.actions',
    roles: ROLES,
    keywords: ['wht', 'withholding', 'tax', 'xlsx', 'quellensteuer'],
    run: async (ctx) => {
      const page = routePath('financial_reports.list');
      if (ctx.path !== page) return ctx.navigate(page);
      const { year, quarter } = getWhtChoice();
      await downloadAttachment('/api/financial_reports/download_wht_report', { year, quarter }, `withholding-tax-report-${year}-Q${quarter}.xlsx`).catch(() => undefined);
    },
  },
];

export const financialReportsLookups: Lookup[] = [];
