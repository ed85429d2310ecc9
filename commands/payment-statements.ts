import { DETAIL_ROLES } from '../src/shared/payment-lifecycle';
import { downloadAttachment } from '../src/client/lib/download';
import type { Lookup } from './lookups';
import { paymentOf } from './payments';
import type { Command } from './types';

const RESOURCE = 'payments';
// The server's payment detail roles (statement-routes.ts reads the same); admin passes.
const ROLES = DETAIL_ROLES;

/** Saves the statement under the server's name (`statement-<reference>.pdf|csv`); a failure is an error toast. */
function statementCommand(format: 'pdf' | 'csv', keywords: string[]): Command {
  return {
    id: `payment_statements.download_${format}`,
    title: `payment_statements.commands.download_${format}`,
    group: 'commands.groups.actions',
    roles: ROLES,
    keywords: ['statement', 'abrechnung', format, ...keywords],
    scope: { resource: RESOURCE, kind: 'row', onRecordPage: true },
    when: (ctx) => (paymentOf(ctx) ? { enabled: true } : { hidden: true }),
    run: async (ctx) => {
      const p = paymentOf(ctx)!;
      try {
        await downloadAttachment(`/api/payments/${p.id}/statement.${format}`, {}, `statement-${p.reference}.${format}`);
      } catch {
        ctx.services.notify('error', ctx.t('payment_statements.failed', { reference: p.reference }));
      }
    },
  };
}

/**
 * Vendor statements (issue 16, beyond the spec): a payment's line items, formulas and totals as PDF (in
 * the vendor's language) or CSV, from the payment's row menu or page and the palette there.
 */
export const paymentStatementsCommands: Command[] = [statementCommand('pdf', ['pdf']), statementCommand('csv', ['csv', 'spreadsheet', 'excel'])];

export const paymentStatementsLookups: Lookup[] = [];
