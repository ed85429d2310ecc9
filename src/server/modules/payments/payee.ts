import { type Selectable, sql } from 'kysely';
import type { PaymentPayee } from '../../../shared/entities/payment.js';
import { FLAG_ROLES } from '../../../shared/payment-lifecycle.js';
import type { WriteContext } from '../../http/resource.js';
import type { PaymentAction } from './actions.js';
import type { PaymentsTable } from './tables.js';

/**
 * The frozen payee (DOMAIN.md "Payment run" step 6). A payment is made with the payee the view
 * `contract_vendor_payees` (migration 0042) names for its contract vendor at that moment: the run joins the
 * view, any other insert gets it from the trigger. Files read the payment's own columns, never the vendor's
 * current data; only "refresh payee" reads the view again, while no file holds the payment.
 */

type PayeeRow = Pick<
  Selectable<PaymentsTable>,
  | 'payee_method_type'
  | 'payee_is_sepa'
  | 'payee_account_holder'
  | 'payee_iban'
  | 'payee_bic'
  | 'payee_account_number'
  | 'payee_bank_key'
  | 'payee_email'
  | 'payee_name'
  | 'payee_street'
  | 'payee_street_number'
  | 'payee_postal_code'
  | 'payee_city'
  | 'payee_country_code'
>;

/** The payment's payee columns, for statements that copy them from another payment (a reversal pays nobody, but says whom its original paid). */
export const PAYEE_COLUMNS = sql.raw(
  'payee_method_type, payee_is_sepa, payee_account_holder, payee_iban, payee_bic, payee_account_number, payee_bank_key, payee_email, ' +
    'payee_name, payee_street, payee_street_number, payee_postal_code, payee_city, payee_country_code',
);

/** A payment row's frozen payee as the API answers it (`payee`). */
export const payeeOf = (r: PayeeRow): PaymentPayee => ({
  method_type: r.payee_method_type,
  is_sepa: r.payee_is_sepa,
  account_holder: r.payee_account_holder,
  iban: r.payee_iban,
  bic: r.payee_bic,
  account_number: r.payee_account_number,
  bank_key: r.payee_bank_key,
  email: r.payee_email,
  name: r.payee_name,
  address: { street: r.payee_street, street_number: r.payee_street_number, postal_code: r.payee_postal_code, city: r.payee_city, country_code: r.payee_country_code },
});

/**
 * Freezes the contract vendor's payee of today on the payment, in the caller's transaction on the locked
 * row. A payment that publish found lacking a payment method starts over (`new`, or `invoice_added` with its
 * invoice, to be verified again for the new account): the next publish checks it again.
 */
async function refreshPayee(w: WriteContext, id: number): Promise<void> {
  await sql`
    UPDATE payments p SET
      payee_method_type = x.method_type, payee_is_sepa = x.is_sepa, payee_account_holder = x.account_holder, payee_iban = x.iban, payee_bic = x.bic,
      payee_account_number = x.account_number, payee_bank_key = x.bank_key, payee_email = x.email, payee_name = x.name, payee_street = x.street,
      payee_street_number = x.street_number, payee_postal_code = x.postal_code, payee_city = x.city, payee_country_code = x.country_code,
      state = CASE WHEN p.state <> 'needs_correction' THEN p.state WHEN p.type = 'invoice' AND p.invoice_file_key IS NOT NULL THEN 'invoice_added' ELSE 'new' END,
      verified_by_id = CASE WHEN p.state = 'needs_correction' THEN NULL ELSE p.verified_by_id END
    FROM contract_vendor_payees x
    WHERE p.id = ${id} AND x.contract_vendor_id = p.contract_vendor_id`.execute(w.trx);
}

/** `POST /api/payments/{id}/refresh_payee` and `POST /api/payments/refresh_payee` (a selection, all or none): audited by the write path with the payee's change. */
export const payeeActions: Record<string, PaymentAction> = {
  refresh_payee: {
    flag: 'can_refresh_payee',
    roles: FLAG_ROLES.can_refresh_payee,
    bulk: true,
    run: (w, current) => refreshPayee(w, current.id),
  },
};
