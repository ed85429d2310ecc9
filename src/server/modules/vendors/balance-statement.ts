import { sql } from 'kysely';
import type { BalanceEntryKind } from '../../../shared/entities/balance-entry.js';
import { BALANCE_ENTRY_KINDS } from '../../../shared/entities/balance-entry.js';
import { Decimal, toDecimal } from '../../../shared/money.js';
import type { StatementPeriod } from '../../../shared/validation/balance-statement.js';
import type { Db } from '../../db/connection.js';
import { creditNoteLanguage, type CreditNoteData } from '../payment-buckets/credit-note-pdf.js';
import { legalImprints, PARTY_COLUMNS, PARTY_JOINS, partiesOf, type PartyRow } from '../payment-buckets/document-parties.js';
import '../payments/tables.js';

/** A ledger entry of the period, with the balance it left. */
export interface StatementEntry {
  month: string;
  kind: BalanceEntryKind;
  description: string;
  /** The payment it belongs to (payments, reversals, cancellations, advances), else null. */
  payment_reference: string | null;
  /** The payout whose run earned it (earnings), else null. */
  payout: { month: string; label: string | null } | null;
  amount: string;
  balance_after: string;
}

/** One contract vendor's account: opening balance, the period's entries, totals per kind, closing balance. */
export interface StatementAccount {
  contract_vendor_id: number;
  contract_id: number;
  currency: string;
  opening: string;
  entries: StatementEntry[];
  totals: Record<BalanceEntryKind, string>;
  closing: string;
}

/** A vendor's balance statement for a period of months (DOMAIN.md "The ledger's API"; issue 23), as royalty statements read. */
export interface BalanceStatement {
  language: 'en' | 'de';
  issued_on: string;
  period: StatementPeriod;
  organization: CreditNoteData['organization'];
  vendor: CreditNoteData['vendor'];
  accounts: StatementAccount[];
}

const firstDay = (month: string) => `${month}-01`;

/**
 * The statement of vendor `vendorId` for `period`, or undefined when there is no such vendor. Entries count
 * in the month they are booked to: the opening balance sums those before the first month, the closing
 * balance those up to the last, so opening plus the period's entries is the closing balance, to the cent.
 * A contract vendor appears when it has an entry up to the last month.
 */
export async function loadBalanceStatement(db: Db, vendorId: number, period: StatementPeriod, issuedOn: string): Promise<BalanceStatement | undefined> {
  const head = await sql<PartyRow>`
    SELECT ${PARTY_COLUMNS} FROM vendors JOIN organizations ON organizations.id = vendors.organization_id ${PARTY_JOINS}
    WHERE vendors.id = ${vendorId}`.execute(db);
  const h = head.rows[0];
  if (!h) return undefined;
  const from = firstDay(period.from);
  const to = firstDay(period.to);
  const [accounts, entries, imprintOf] = await Promise.all([
    sql<{ contract_vendor_id: number; contract_id: number; currency: string; opening: string }>`
      SELECT e.contract_vendor_id::int AS contract_vendor_id, cv.contract_id::int AS contract_id, e.currency,
        coalesce(sum(e.amount) FILTER (WHERE e.month < ${from}::date), 0)::numeric(18, 2)::text AS opening
      FROM balance_entries e JOIN contract_vendors cv ON cv.id = e.contract_vendor_id
      WHERE e.vendor_id = ${vendorId} AND e.month <= ${to}::date
      GROUP BY 1, 2, 3 ORDER BY 2, 1, 3`.execute(db),
    sql<Omit<StatementEntry, 'balance_after' | 'payout'> & { contract_vendor_id: number; payout_month: string | null; payout_label: string | null }>`
      SELECT e.contract_vendor_id::int AS contract_vendor_id, to_char(e.month, 'YYYY-MM-DD') AS month, e.kind, e.description, e.amount::numeric(18, 2)::text AS amount,
        p.reference AS payment_reference, to_char(po.month, 'YYYY-MM-DD') AS payout_month, po.label AS payout_label
      FROM balance_entries e LEFT JOIN payments p ON p.id = e.payment_id LEFT JOIN payouts po ON po.id = e.payout_id AND e.kind = 'earning'
      WHERE e.vendor_id = ${vendorId} AND e.month BETWEEN ${from}::date AND ${to}::date
      ORDER BY e.contract_vendor_id, e.month, e.id`.execute(db),
    legalImprints(db, [h.organization_id]),
  ]);
  const language = creditNoteLanguage(h.language);
  return {
    language,
    issued_on: issuedOn,
    period,
    ...partiesOf(h, language, imprintOf),
    accounts: accounts.rows.map((a) => {
      let balance = toDecimal(a.opening);
      const totals = Object.fromEntries(BALANCE_ENTRY_KINDS.map((k) => [k, new Decimal(0)])) as Record<BalanceEntryKind, Decimal>;
      const own = entries.rows
        .filter((e) => e.contract_vendor_id === a.contract_vendor_id)
        .map(({ contract_vendor_id: _cv, payout_month, payout_label, ...e }): StatementEntry => {
          balance = balance.plus(toDecimal(e.amount));
          totals[e.kind] = totals[e.kind].plus(toDecimal(e.amount));
          return { ...e, payout: payout_month ? { month: payout_month, label: payout_label } : null, balance_after: balance.toFixed(2) };
        });
      return {
        contract_vendor_id: a.contract_vendor_id,
        contract_id: a.contract_id,
        currency: a.currency,
        opening: toDecimal(a.opening).toFixed(2),
        entries: own,
        totals: Object.fromEntries(BALANCE_ENTRY_KINDS.map((k) => [k, totals[k].toFixed(2)])) as Record<BalanceEntryKind, string>,
        closing: balance.toFixed(2),
      };
    }),
  };
}
