import type { PaymentsPreview, PaymentsPreviewContract } from '../../../shared/entities/payments-preview.js';
import type { PaymentsSummaryRow } from '../../../shared/entities/payment.js';
import { amount, Decimal, minorUnits, money, type Money, toDecimal, total } from '../../../shared/money.js';
import { formulaText } from '../../../shared/payment-math.js';
import type { Db } from '../../db/connection.js';
import { type Balance, balancesOf, LEAST_PAYOUT, reachesMinimum } from './ledger.js';
import { loadContracts, planContracts, RUN_BATCH, runInput, type ContractPlan, vendorPayment } from './run.js';

/**
 * A plan as the preview answers it: per share the formula with its numbers, per vendor the split, what it
 * earns, what its balance brings forward, and the payment the run would make from the sum (DOMAIN.md
 * "Payment run" step 4: the whole balance when it reaches the minimum payout), else why it would carry.
 */
function previewOf(plan: ContractPlan, created: boolean, balances: ReadonlyMap<number, Balance>): PaymentsPreviewContract {
  const { contract } = plan;
  return {
    contract_id: contract.id,
    contract_type: contract.contract_type,
    organization: { id: contract.organization_id, name: contract.organization_name },
    currency: contract.currency,
    currency_rate: plan.rate,
    share_set: plan.set,
    created,
    shares: plan.totals.map((t) => {
      const terms = plan.shares.get(t.share_type)!;
      const groups = t.rows.map((r) => plan.groups.get(r.key)!);
      const reported = new Map<string, Money>();
      for (const g of groups) reported.set(g.reported.currency, total(g.reported.currency, [reported.get(g.reported.currency) ?? money('0', g.reported.currency), g.reported]));
      return {
        share_type: t.share_type,
        formula: terms.formula,
        rev_share: terms.rev_share,
        baseline: terms.baseline,
        fixed_income: terms.fixed_income,
        threshold: terms.threshold,
        revenue_types: [...new Set(groups.flatMap((g) => g.types))].sort(),
        sources_count: new Set(groups.map((g) => g.source_id)).size,
        revenue_reported: [...reported.values()].sort((a, b) => a.currency.localeCompare(b.currency)).map((m) => ({ currency: m.currency, revenue: m.amount.toFixed() })),
        revenue: t.revenue.toFixed(),
        amount_exact: t.exact.toFixed(),
        amount: t.amount,
        formula_text: formulaText(terms, t.revenue, t.amount),
      };
    }),
    vendors: plan.vendors.map((v, i) => {
      const earned = plan.payments[i].figures.amount;
      // A contract the run made already has this payout's earnings in its balance: nothing more is brought forward.
      const balance = balances.get(v.id) ?? { amount: '0', carriedFrom: null, minimum: LEAST_PAYOUT };
      const broughtForward = toDecimal(created ? '0' : balance.amount);
      const after = broughtForward.plus(toDecimal(earned)).toFixed(2);
      const pays = created || reachesMinimum({ ...balance, amount: after });
      const payment = pays && !broughtForward.isZero() ? vendorPayment(contract, v, amount(after)) : plan.payments[i];
      const f = payment.figures;
      return {
        contract_vendor_id: v.id,
        vendor: { id: v.vendor_id, name: v.name, number: v.number },
        share_percentage: v.share_percentage,
        earned,
        brought_forward: broughtForward.toFixed(2),
        minimum_payout: balance.minimum,
        carried: pays ? null : toDecimal(after).greaterThan(0) ? ('below_minimum' as const) : ('not_positive' as const),
        type: payment.type,
        state: plan.payments[i].state,
        shares: plan.totals.map((t) => ({
          share_type: t.share_type,
          amount: plan.items[i].filter((it) => it.share_type === t.share_type).reduce((a, it) => a.plus(toDecimal(it.amount)), new Decimal(0)).toFixed(minorUnits(contract.currency)),
        })),
        amount: f.amount,
        vat_percentage: f.vat_percentage,
        vat_amount: f.vat_amount,
        reverse_charge: f.reverse_charge,
        wht_percentage: f.wht_percentage,
        wht_amount: f.wht_amount,
        fee: f.fee,
        total_amount: f.total_amount,
      };
    }),
  };
}

/** Per organization and currency over the contracts the run would still create payments for. */
function totalsOf(contracts: PaymentsPreviewContract[]): PaymentsSummaryRow[] {
  const rows = new Map<string, PaymentsSummaryRow>();
  for (const c of contracts.filter((x) => !x.created)) {
    const digits = minorUnits(c.currency);
    const add = (a: string, b: string) => toDecimal(a).plus(toDecimal(b)).toFixed(digits);
    const zero = new Decimal(0).toFixed(digits);
    const key = `${c.organization.id}|${c.currency}`;
    const row = rows.get(key) ?? { organization_id: c.organization.id, organization_name: c.organization.name, currency: c.currency, payments_count: 0, amount: zero, vat_amount: zero, wht_amount: zero, total_amount: zero };
    for (const v of c.vendors.filter((x) => x.carried === null)) {
      row.payments_count += 1;
      row.amount = add(row.amount, v.amount);
      row.vat_amount = add(row.vat_amount, v.vat_amount);
      row.wht_amount = add(row.wht_amount, v.wht_amount);
      row.total_amount = add(row.total_amount, v.total_amount);
    }
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => a.organization_name.localeCompare(b.organization_name) || a.organization_id - b.organization_id || a.currency.localeCompare(b.currency));
}

/**
 * What the payment run would create for the payout (`GET /api/payouts/{id}/payments_preview`): the same
 * contracts, the same rate check (a missing or zero rate is the run's 422 naming the pair) and the same
 * per-contract computation (`planContracts`), without writing or locking anything.
 */
export async function paymentsPreview(db: Db, payout: { id: number; month: string }): Promise<PaymentsPreview> {
  const { revenue, rates, contractIds: contracts } = await runInput(db, payout);
  const done = await db.selectFrom('payments').select('contract_id').distinct().where('payout_id', '=', payout.id).where('cancelled_payment_id', 'is', null).execute();
  const created = new Set(done.map((d) => Number(d.contract_id)));
  // The plans batch by batch, as the run makes them.
  const out: PaymentsPreviewContract[] = [];
  for (let i = 0; i < contracts.length; i += RUN_BATCH) {
    const batch = await loadContracts(db, contracts.slice(i, i + RUN_BATCH), false);
    const plans = await planContracts(db, payout, batch, rates, revenue);
    const balances = await balancesOf(db, plans.flatMap((p) => p.vendors.map((v) => v.id)));
    for (const plan of plans) out.push(previewOf(plan, created.has(plan.contract.id), balances));
  }
  return { payout_id: payout.id, contracts: out, totals: totalsOf(out) };
}
