import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { toDecimal } from '../../../shared/money.js';
import type { BalanceEntryKind } from '../../../shared/entities/balance-entry.js';
import './tables.js';

/**
 * The ledger of vendor balances (DOMAIN.md "Payment run: earnings, balances and payments"): one balance
 * per contract vendor, the sum of its entries. Payments are made from balances: a payment pays the whole
 * balance once it reaches the contract vendor's minimum payout, otherwise the balance carries. Every
 * writer here runs inside a transaction that holds the contract vendors' rows locked (`lockContractVendors`),
 * so a balance read is the balance the payment then takes.
 */

/** The minimum payout when neither contract vendor, vendor nor organization sets one: a payment is never zero or negative. */
export const LEAST_PAYOUT = '0.01';

/** Locks contract vendors in id order (the run and a cancel post to the same balances; the order keeps them from deadlocking). */
export async function lockContractVendors(trx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`SELECT id FROM contract_vendors WHERE id = ANY(${[...new Set(ids)]}::bigint[]) ORDER BY id FOR UPDATE`.execute(trx);
}

export interface Balance {
  /** The sum of the entries, in the contract's currency. */
  amount: string;
  /** The first month of what is carried since the last payment (null when nothing is). */
  carriedFrom: string | null;
  minimum: string;
}

/**
 * Each contract vendor's balance now, with what it carries and its minimum payout (the contract vendor's,
 * else the vendor's, else the organization's, else 0.01). `except` leaves entries out of "carried" (the
 * run's own earnings, which are this payout's, not brought forward).
 */
export async function balancesOf(db: Db, ids: readonly number[], except: readonly number[] = []): Promise<Map<number, Balance>> {
  const out = new Map<number, Balance>();
  if (ids.length === 0) return out;
  const { rows } = await sql<{ id: number; amount: string; carried_from: string | null; minimum: string }>`
    SELECT cv.id::int AS id, coalesce(b.amount, 0)::text AS amount, b.carried_from,
           coalesce(cv.minimum_payout, v.minimum_payout, o.minimum_payout, ${LEAST_PAYOUT}::numeric)::text AS minimum
    FROM contract_vendors cv
    JOIN vendors v ON v.id = cv.vendor_id
    JOIN contracts c ON c.id = cv.contract_id
    JOIN organizations o ON o.id = c.organization_id
    LEFT JOIN LATERAL (SELECT max(p.id) AS id FROM balance_entries p WHERE p.contract_vendor_id = cv.id AND p.kind IN ('payment', 'advance')) last ON true
    LEFT JOIN LATERAL (
      SELECT sum(e.amount) AS amount,
             to_char(min(e.month) FILTER (WHERE e.id > coalesce(last.id, 0) AND e.amount <> 0 AND NOT e.id = ANY(${[...except]}::bigint[])), 'YYYY-MM-DD') AS carried_from
      FROM balance_entries e WHERE e.contract_vendor_id = cv.id
    ) b ON true
    WHERE cv.id = ANY(${[...new Set(ids)]}::bigint[])`.execute(db);
  for (const r of rows) out.set(Number(r.id), { amount: r.amount, carriedFrom: r.carried_from, minimum: r.minimum });
  return out;
}

/** Whether a balance is paid now: it reaches the minimum payout (which is at least 0.01, so never a zero or negative payment). */
export const reachesMinimum = (b: Balance): boolean => toDecimal(b.amount).greaterThanOrEqualTo(toDecimal(b.minimum));

export interface NewEntry {
  contract_vendor_id: number;
  vendor_id: number;
  currency: string;
  kind: BalanceEntryKind;
  amount: string;
  payout_id: number | null;
  payment_id: number | null;
  /** The month's first day. */
  month: string;
  description: string;
}

/**
 * Writes entries in one statement. Entries the unique keys already hold (a run's earning of the payout,
 * a payment's entry of its kind) are skipped, and so are zero amounts but earnings; answers the contract vendors of those written, by kind.
 */
export async function postEntries(trx: Db, all: readonly NewEntry[], userId: number | null): Promise<{ id: number; contract_vendor_id: number; kind: string }[]> {
  // A zero movement is none, except a run's earning: it records that the payout earned (nothing) for the contract vendor.
  const entries = all.filter((e) => e.kind === 'earning' || !toDecimal(e.amount).isZero());
  if (entries.length === 0) return [];
  const col = <K extends keyof NewEntry>(k: K) => entries.map((e) => e[k]);
  const { rows } = await sql<{ id: number; contract_vendor_id: number; kind: string }>`
    INSERT INTO balance_entries (contract_vendor_id, vendor_id, currency, kind, amount, payout_id, payment_id, month, description, created_by)
    SELECT x.contract_vendor_id, x.vendor_id, x.currency, x.kind, x.amount, x.payout_id, x.payment_id, x.month, x.description, ${userId}::bigint
    FROM unnest(${col('contract_vendor_id')}::bigint[], ${col('vendor_id')}::bigint[], ${col('currency')}::text[], ${col('kind')}::text[], ${col('amount')}::numeric[],
                ${col('payout_id')}::bigint[], ${col('payment_id')}::bigint[], ${col('month')}::date[], ${col('description')}::text[])
      AS x(contract_vendor_id, vendor_id, currency, kind, amount, payout_id, payment_id, month, description)
    ON CONFLICT DO NOTHING
    RETURNING id::int AS id, contract_vendor_id::int AS contract_vendor_id, kind`.execute(trx);
  return rows;
}

/** A decimal string negated as written (its scale kept: '55.50' is '-55.50'). */
export const negated = (amount: string): string => (amount.startsWith('-') ? amount.slice(1) : `-${amount}`);

/** `MM.YYYY` of a month's first day, as statements and line items name months. */
export const monthLabel = (month: string): string => `${month.slice(5, 7)}.${month.slice(0, 4)}`;
