import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROLES } from '../../src/shared/roles.js';
import { setupApi, type TestUser } from '../support/api.js';
import { insertPayment, paymentParty } from '../support/payment-fixtures.js';

/**
 * Route x role against the role tables of the three spec documents (spec 1, 2 and 3, section 6), written
 * down here from the spec's text, not from the code: every route the app registers must be named by one
 * rule, and every role alone (admin passes every check) must get 403 exactly where the rule leaves it out.
 */
const api = setupApi();

/** A role the spec names beside the selectable ones (spec 3, 6: payment details). */
const ROLES = [...ALL_ROLES, 'payments_mark_incorrect'];

const CONTRACT_DETAILS = ['contracts', 'contracts_approve', 'contracts_admin', 'approve_contracts'];
/** Spec 2, 6: "Approve or reject contract, amendment, termination request | contracts_approve"; approve_contracts is its legacy name. */
const APPROVE = ['contracts_approve', 'approve_contracts'];
/** Spec 2, 6: "Amendment form | contracts or contracts_admin"; "Create amendment; edit and delete termination request". */
const CONTRACT_CHANGES = ['contracts', 'contracts_admin'];
const PAYMENT_DETAILS = ['payments', 'payments_admin', 'payments_cancel', 'payments_mark_incorrect', 'payments_pause_and_resume', 'payments_verify'];
const VERIFY = ['payments_verify', 'payments_admin'];
const CANCEL = ['payments_cancel', 'payments_admin'];

/** `any`: every signed-in user; `silent`: the spec names no role for it (only admin is checked). */
type Allowed = readonly string[] | 'any' | 'silent';
interface Rule {
  match: RegExp;
  allowed: Allowed;
  why: string;
}

/** First match wins; matched against `METHOD /url`. */
const RULES: Rule[] = [
  { match: /^(GET \/users\/sessions\.json|DELETE \/users\/sign_out\.json|GET \/config\/(data|settings\.json))$/, allowed: 'any', why: 'spec 1, 4: start-up and sign-out' },
  { match: /^GET \/api\/audit_logs\//, allowed: 'any', why: 'each type its area’s readers (checked below)' },
  {
    match: /^GET \/api\/((banks|organizations|tags|revenue_sources|users|vendors|contracts|payment_buckets)\/lookup|(vendors|contracts)\/palette|organizations\/:id\/logo|youtube_channels\/search)$/,
    allowed: 'silent',
    why: 'spec 2, 7: "Bank lookup and other record lookups: paths not shown"; used by several areas’ forms',
  },
  { match: /^GET \/api\/cms\/content_owners\/:id$/, allowed: ['content_owners'], why: 'spec 1, 6: content-owner details' },
  { match: /^\w+ \/api\/(banks|categories|cms\/content_owners|currency_rates|organizations|tags|users|vat_rates)(\/|$)/, allowed: ['admin'], why: 'spec 1, 6: admin only' },
  { match: /^\w+ \/portal-(faq-sections|faqs|pages)(\/|$)/, allowed: ['portal_admin'], why: 'spec 1, 6' },
  { match: /^\w+ \/api\/youtube_whitelisted_channels(\/|$)/, allowed: ['youtube_whitelisted_channels'], why: 'spec 1, 6' },
  { match: /^\w+ \/api\/revenue_sources(\/|$)/, allowed: ['revenue_sources'], why: 'spec 3, 6' },
  // Vendors (spec 2, 6 and 2 "/vendors/{id}/show: Role vendors").
  { match: /^(GET \/api\/vendors|DELETE \/api\/vendors\/:id)$/, allowed: ['vendors', 'vendors_admin'], why: 'vendor list and its row delete' },
  { match: /^POST \/api\/vendors\/:id\/(activate|deactivate)$/, allowed: ['vendors_admin'], why: 'admin or vendors_admin' },
  { match: /^POST \/api\/vendors\/:id\/change_request\/confirm$/, allowed: ['admin'], why: 'confirmation document upload: admin only' },
  { match: /^GET \/api\/vendors\/:id\/(balance|balance_entries|balance_statement\.(pdf|csv))$/, allowed: ['payments', 'payments_admin'], why: 'the ledger (DOMAIN.md "The ledger\'s API"): who reads a vendor\'s payments reads its balance' },
  { match: /^\w+ \/api\/vendors(\/|$)/, allowed: ['vendors'], why: 'vendor details (and the form, its documents and portal sign-in)' },
  // Contracts (spec 2, 6).
  { match: /^POST \/api\/contracts\/:id\/(amendments\/:aid\/|termination_requests\/:tid\/)?(approve|reject)$/, allowed: APPROVE, why: 'approve or reject' },
  { match: /^POST \/api\/contracts\/:id\/cancel$/, allowed: ['contracts_admin'], why: 'cancel contract' },
  { match: /^POST \/api\/contracts\/:id\/amendments\/:aid\/apply$/, allowed: ['contracts_admin'], why: 'apply amendment' },
  { match: /^POST \/api\/contracts\/:contractId\/contract_vendors\/:id\/advances$/, allowed: ['payments_admin'], why: 'DOMAIN.md "The ledger\'s API": an advance is recorded by payments_admin' },
  { match: /^POST \/api\/contracts\/:id\/(amendments\/:aid\/)?(sign|cancel)$|contract_vendors/, allowed: 'silent', why: 'signing, cancelling an amendment and pausing a vendor have no row in the tables' },
  { match: /^(POST|PUT|DELETE) \/api\/contracts\/:id\/(amendments|termination_requests)(\/|$)/, allowed: CONTRACT_CHANGES, why: 'amendment form; termination requests' },
  { match: /^GET \/api\/contracts\/:id(\/amendments.*|\/documents.*)?$/, allowed: CONTRACT_DETAILS, why: 'contract details' },
  { match: /^GET \/api\/contracts$/, allowed: CONTRACT_DETAILS, why: 'contract list; a reader without contracts lists only what awaits approval (issue 24, item 11; contracts.test.ts)' },
  { match: /^\w+ \/api\/contracts(\/|$)/, allowed: ['contracts'], why: 'contract list and form' },
  // Vendor files (spec 2, 6).
  { match: /^DELETE \/api\/vendor_files\/:id$/, allowed: ['admin'], why: 'delete needs admin' },
  { match: /^\w+ \/api\/vendor_files(\/|$)/, allowed: ['vendor_files'], why: 'vendor_files or admin' },
  // Spec 3, 6.
  { match: /^\w+ \/api\/payouts(\/|$)/, allowed: ['payouts'], why: 'payouts' },
  { match: /^\w+ \/api\/unallocated_revenues(\/|$)/, allowed: ['unallocated_revenues'], why: 'unallocated revenues' },
  { match: /^\w+ \/api\/financial_reports(\/|$)/, allowed: ['financial_reports'], why: 'financial reports' },
  { match: /^POST \/api\/payments\/(add_to|remove_from)_payment_bucket$/, allowed: ['payment_buckets'], why: 'bucket tools in the payments list' },
  { match: /^GET \/api\/payments\/:id\/credit_note$/, allowed: [...PAYMENT_DETAILS, 'payment_buckets'], why: 'payment details and the bucket’s details' },
  { match: /^\w+ \/api\/payment_buckets(\/|$)/, allowed: ['payment_buckets'], why: 'bucket form and details' },
  { match: /^GET \/api\/payments$/, allowed: ['payments'], why: 'payments list (payments_admin only for one contract or vendor, below)' },
  { match: /^POST \/api\/payments(\/:id)?\/(pause|resume)$/, allowed: ['payments_pause_and_resume'], why: 'pause and resume' },
  { match: /^POST \/api\/payments(\/:id)?\/cancel_export$/, allowed: ['payments_admin'], why: 'cancel export' },
  { match: /^POST \/api\/payments(\/:id)?\/refresh_payee$/, allowed: ['payments_admin'], why: 'refresh the frozen payee (DOMAIN.md "Payment run" step 6)' },
  { match: /^POST \/api\/payments(\/:id)?\/mark_incorrect$/, allowed: ['payments_admin', 'payments_mark_incorrect'], why: 'mark incorrect (and the role named for it)' },
  { match: /^POST \/api\/payments(\/:id)?\/(pay_out|verify_invoice|invalidate_invoice|attach_invoice)$/, allowed: VERIFY, why: 'row menu: verify invoice, pay out' },
  { match: /^(POST \/api\/payments\/:id\/cancel|GET \/api\/payments\/:id\/contract_vendors_for_correction)$/, allowed: CANCEL, why: 'row menu: cancel' },
  { match: /^GET \/api\/payments\/palette$/, allowed: PAYMENT_DETAILS, why: 'the palette’s payment lookup opens payment details' },
  { match: /^GET \/api\/payments\/:id(\/.*)?$/, allowed: PAYMENT_DETAILS, why: 'payment details' },
];

function ruleOf(key: string): Rule | undefined {
  return RULES.find((r) => r.match.test(key));
}

/** A path for the route, its params pointing at nothing (or, for audit logs, at a known type). */
function pathOf(url: string): string {
  return url.replace(':type', 'bank').replace(/:[a-zA-Z]+/g, '999999999');
}

const users = new Map<string, TestUser>();
let admin: TestUser;

beforeAll(async () => {
  for (const role of ROLES) users.set(role, await api.user([role]));
  admin = await api.user(['admin']);
});

describe('access as the spec says', () => {
  it('names every route in the rules', () => {
    const unnamed = api.app.routeTable.filter((r) => !r.public && !ruleOf(`${r.method} ${r.url}`)).map((r) => `${r.method} ${r.url}`);
    expect(unnamed).toEqual([]);
  });

  it('answers every route x role as the rules say', async () => {
    // Signing out ends the session: a user of its own.
    const routes = api.app.routeTable.filter((r) => !r.public && !r.url.includes('sign_out'));
    expect((await api.request({ method: 'DELETE', url: '/users/sign_out.json', as: await api.user(['vendor_files']) })).statusCode).toBeLessThan(300);
    const wrong: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const { allowed } = ruleOf(key)!;
      const checks: [string, TestUser][] = allowed === 'silent' ? [['admin', admin]] : [...users.entries(), ['admin', admin]];
      await Promise.all(
        checks.map(async ([role, as]) => {
          const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
          const res = await api.request({ method: route.method as 'GET', url: pathOf(route.url), payload, as });
          const expected = role === 'admin' || allowed === 'any' || (Array.isArray(allowed) && allowed.includes(role));
          if (res.statusCode >= 500 || res.statusCode === 401 || (res.statusCode === 403) === expected) wrong.push(`${key} as ${role}: ${res.statusCode}`);
        }),
      );
    }
    expect(wrong).toEqual([]);
  }, 180_000); // thousands of requests, each reading its session: more than the suite's 30 s on a loaded machine

  it('lets payments_admin list one contract’s or vendor’s payments, not all of them', async () => {
    const party = await paymentParty(api.db);
    const id = await insertPayment(api.db, party);
    const payment = { id, contract_id: party.contract, vendor_id: party.vendor };
    const as = users.get('payments_admin')!;
    const list = (query: string) => api.request({ method: 'GET', url: `/api/payments${query}`, as });
    const byContract = await list(`?filter[contract_id]=${payment.contract_id}`);
    expect(byContract.statusCode).toBe(200);
    expect(byContract.json().entries.map((e: { id: number }) => e.id)).toEqual([payment.id]);
    expect((await list(`?filter[vendor_id]=${payment.vendor_id}`)).statusCode).toBe(200);
    expect((await list(`?filter[vendor_id][]=${payment.vendor_id}`)).statusCode).toBe(200);
    expect((await list('')).statusCode).toBe(403);
    expect((await list('?filter[contract_id]=')).statusCode).toBe(403);
    expect((await list(`?filter[organization_id]=${party.org}`)).statusCode).toBe(403);
    expect((await list('?filter[contract_id][gteq]=1')).statusCode).toBe(403);
    // The roles of payment details without the list's: no list at all.
    expect((await api.request({ method: 'GET', url: `/api/payments?filter[contract_id]=${payment.contract_id}`, as: users.get('payments_verify') })).statusCode).toBe(403);
  });

  it('gives each audit trail to its area’s readers', async () => {
    const cases: [string, string[]][] = [
      ['vendor', ['vendors']],
      ['contract', CONTRACT_DETAILS],
      ['payment', PAYMENT_DETAILS],
      ['Bank', []],
    ];
    const wrong: string[] = [];
    for (const [type, allowed] of cases) {
      for (const [role, as] of users) {
        const res = await api.request({ method: 'GET', url: `/api/audit_logs/${type}/1`, as });
        if ((res.statusCode === 200) !== (role === 'admin' || allowed.includes(role)) || ![200, 403].includes(res.statusCode)) wrong.push(`${type} as ${role}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
