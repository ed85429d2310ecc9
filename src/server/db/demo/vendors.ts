import { sql } from 'kysely';
import { validateVendor } from '../../../shared/validation/vendors.js';
import type { CurrentUser } from '../../context.js';
import { ValidationFailed } from '../../http/errors.js';
import type { WriteContext } from '../../http/resource.js';
import { audit } from '../../modules/audit/audit.js';
import { updateVendor } from '../../modules/vendors/change-requests.js';
import { loadVendors } from '../../modules/vendors/queries.js';
import { saveVendor } from '../../modules/vendors/service.js';
import type { Db } from '../connection.js';
import type { DemoSeed } from './index.js';
import '../../modules/banks/tables.js';
import '../../modules/organizations/tables.js';
import '../../modules/tags/tables.js';

type Kind = 'confirmed' | 'new' | 'change_request' | 'inactive';

interface DemoVendor {
  org: '1000' | '2000';
  kind: Kind;
  tags?: string[];
  vendor: Record<string, unknown>;
}

const contact = (first_name: string, last_name: string, email: string, extra: Record<string, unknown> = {}) => ({
  first_name,
  last_name,
  emails: [{ email, can_sign: true, can_access_portal: true }],
  ...extra,
});
const sepa = (account_holder: string, iban: string, bic?: string) => ({ type: 'bank', is_sepa: true, account_holder, iban, bic });
const address = (country_code: string, city: string, postal_code: string, street: string, street_number: string) => ({ country_code, city, postal_code, street, street_number });

/** A dozen vendors of both types across countries and both organizations, with valid tax ids and IBANs. */
const VENDORS: DemoVendor[] = [
  {
    org: '1000',
    kind: 'confirmed',
    tags: ['Music', 'Priority'],
    vendor: {
      name: 'Studio Nord GmbH',
      type: 'company',
      language: 'de',
      contacts: [contact('Jana', 'Nordmann', 'jana@studio-nord.example', { phone_numbers: [{ country_code: 'DE', number: '040 1234567', label: 'office' }], skype_accounts: [{ login: 'studio.nord' }] })],
      address: address('DE', 'Hamburg', '20095', 'Mönckebergstraße', '7'),
      tax_info: { eu_tax_id: 'DE136695976', de_tax_number_region: 'DE-BW', de_regional_tax_number: '93815/08152', vat_percentage: '19', is_personally_liable: false, legal_form: 'GmbH' },
      payment_methods: [{ ...sepa('Studio Nord GmbH', 'DE89 3704 0044 0532 0130 00', 'COBADEFFXXX'), sap_partner_type: 'K1' }],
    },
  },
  {
    org: '1000',
    kind: 'confirmed',
    tags: ['Gaming'],
    vendor: {
      name: 'Lena Hoffmann',
      type: 'person',
      language: 'de',
      contacts: [contact('Lena', 'Hoffmann', 'lena.hoffmann@mail.example', { facebook_accounts: [{ profile: 'lena.plays' }] })],
      address: address('DE', 'Leipzig', '04109', 'Petersstraße', '12'),
      tax_info: { de_country_tax_number: '36574261809', vat_percentage: '19' },
      payment_methods: [sepa('Lena Hoffmann', 'DE02120300000000202051', 'BYLADEM1001')],
    },
  },
  {
    org: '1000',
    kind: 'confirmed',
    tags: ['Label'],
    vendor: {
      name: 'Kanaal Oranje B.V.',
      type: 'company',
      language: 'nl',
      contacts: [contact('Daan', 'de Vries', 'daan@kanaal-oranje.example')],
      address: address('NL', 'Amsterdam', '1012 JS', 'Damrak', '70'),
      tax_info: { eu_tax_id: 'NL004495445B01', nl_kvk: '12345678', vat_percentage: '21', is_personally_liable: false, legal_form: 'B.V.' },
      payment_methods: [sepa('Kanaal Oranje B.V.', 'NL91ABNA0417164300', 'ABNANL2A')],
    },
  },
  {
    org: '1000',
    kind: 'confirmed',
    vendor: {
      name: 'Producciones Sol S.L.',
      type: 'company',
      language: 'es',
      contacts: [contact('Lucía', 'García', 'lucia@producciones-sol.example')],
      address: address('ES', 'Madrid', '28013', 'Gran Vía', '28'),
      tax_info: { es_cif: 'A58818501', vat_percentage: '21', withholding_tax_percentage: '15', is_personally_liable: false, legal_form: 'S.L.' },
      payment_methods: [sepa('Producciones Sol S.L.', 'ES9121000418450200051332', 'CAIXESBBXXX')],
    },
  },
  {
    org: '1000',
    kind: 'confirmed',
    tags: ['Music'],
    vendor: {
      name: 'Marco Bianchi',
      type: 'person',
      language: 'it',
      contacts: [contact('Marco', 'Bianchi', 'marco.bianchi@posta.example')],
      address: address('IT', 'Milano', '20121', 'Via Dante', '4'),
      tax_info: { it_iva: '00743110157', it_fiscal_code: 'RCCMNL83S18D969H', it_regime: 'forfettario', it_wht_reason: 'A', vat_percentage: '0', withholding_tax_percentage: '20' },
      payment_methods: [sepa('Marco Bianchi', 'IT60X0542811101000000123456', 'BPMOIT22XXX')],
    },
  },
  {
    org: '1000',
    kind: 'confirmed',
    vendor: {
      name: 'Lumière Productions SARL',
      type: 'company',
      language: 'fr',
      contacts: [
        contact('Camille', 'Martin', 'camille@lumiere.example'),
        { first_name: 'Hugo', last_name: 'Bernard', emails: [{ email: 'compta@lumiere.example', label: 'accounting' }] },
      ],
      address: address('FR', 'Paris', '75002', 'Rue du Sentier', '18'),
      tax_info: { eu_tax_id: 'FR40303265045', fr_tva: '40303265045', fr_siret: '73282932000074', vat_percentage: '20', is_personally_liable: false, legal_form: 'SARL' },
      payment_methods: [sepa('Lumière Productions SARL', 'FR1420041010050500013M02606', 'PSSTFRPPXXX'), { type: 'paypal', account_holder: 'Lumière Productions', email: 'paypal@lumiere.example' }],
    },
  },
  {
    org: '1000',
    kind: 'change_request',
    tags: ['Needs review'],
    vendor: {
      name: 'Alpenklang OG',
      type: 'company',
      language: 'de',
      contacts: [contact('Florian', 'Gruber', 'florian@alpenklang.example')],
      address: address('AT', 'Wien', '1010', 'Kärntner Straße', '21'),
      tax_info: { eu_tax_id: 'ATU13585627', vat_percentage: '20', is_personally_liable: true, legal_form: 'OG' },
      payment_methods: [sepa('Alpenklang OG', 'AT611904300234573201', 'BKAUATWWXXX')],
    },
  },
  {
    org: '2000',
    kind: 'confirmed',
    tags: ['Label'],
    vendor: {
      name: 'Northern Lights Records Ltd',
      type: 'company',
      language: 'en',
      contacts: [contact('Oliver', 'Hughes', 'oliver@northern-lights.example', { phone_numbers: [{ country_code: 'GB', number: '020 7946 0018' }] })],
      address: address('GB', 'Manchester', 'M1 1AE', 'Market Street', '50'),
      tax_info: { other_tax_id: 'GB980780684', vat_percentage: '20', is_personally_liable: false, legal_form: 'Ltd' },
      payment_methods: [sepa('Northern Lights Records Ltd', 'GB29NWBK60161331926819', 'NWBKGB2L')],
    },
  },
  {
    org: '2000',
    kind: 'inactive',
    vendor: {
      name: 'Harbor Sound LLC',
      type: 'company',
      language: 'en',
      contacts: [contact('Grace', 'Miller', 'grace@harborsound.example')],
      address: address('US', 'Nashville', '37203', 'Music Square East', '1'),
      tax_info: { other_tax_id: '12-3456789', vat_percentage: '0', is_personally_liable: false, legal_form: 'LLC' },
      payment_methods: [{ type: 'bank', is_sepa: false, account_holder: 'Harbor Sound LLC', account_number: '20000012345678', bank: 'Barclays Bank UK' }],
    },
  },
  {
    org: '2000',
    kind: 'confirmed',
    vendor: {
      name: 'Svensk Ljud AB',
      type: 'company',
      language: 'en',
      contacts: [contact('Elsa', 'Lindqvist', 'elsa@svensk-ljud.example')],
      address: address('SE', 'Stockholm', '111 52', 'Drottninggatan', '33'),
      tax_info: { eu_tax_id: 'SE556188840401', vat_percentage: '25', is_personally_liable: false, legal_form: 'AB' },
      payment_methods: [sepa('Svensk Ljud AB', 'SE4550000000058398257466', 'ESSESESS')],
    },
  },
  {
    org: '1000',
    kind: 'new',
    tags: ['Needs review'],
    vendor: {
      name: 'Neue Welle Media UG',
      type: 'company',
      language: 'de',
      contacts: [contact('Tobias', 'Krüger', 'tobias@neue-welle.example')],
      address: address('DE', 'Köln', '50667', 'Hohe Straße', '41'),
      tax_info: { eu_tax_id: 'DE136695976', vat_percentage: '19', is_personally_liable: false, legal_form: 'UG (haftungsbeschränkt)' },
      payment_methods: [sepa('Neue Welle Media UG', 'DE75512108001245126199', 'SOGEDEFFXXX')],
    },
  },
  {
    org: '2000',
    kind: 'new',
    vendor: {
      name: 'Emma Dubois',
      type: 'person',
      language: 'fr',
      contacts: [contact('Emma', 'Dubois', 'emma.dubois@courriel.example')],
      address: address('BE', 'Bruxelles', '1000', 'Rue Neuve', '9'),
      tax_info: { vat_percentage: '21' },
      // Paid through Lumière's bank account (an alternative payee).
      payment_methods: [sepa('Emma Dubois', 'BE68539007547034', 'GEBABEBB'), { type: 'alternative_payee', payee: 'Lumière Productions SARL' }],
    },
  },
];

/** Vendors with contacts, tax data and payment methods; most confirmed, one with a pending change request, new ones awaiting confirmation. */
export const demoVendors: DemoSeed = {
  name: 'vendors',
  async run(db: Db) {
    const orgs = new Map((await db.selectFrom('organizations').select(['id', 'number']).execute()).map((o) => [o.number, o.id]));
    if (!orgs.has('1000') || !orgs.has('2000')) return;
    const banks = new Map((await db.selectFrom('banks').select(['id', 'name']).execute()).map((b) => [b.name, b.id]));
    const tags = new Map((await db.selectFrom('tags').select(['id', 'name']).execute()).map((t) => [t.name, t.id]));
    const manager = await db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'roles']).where('email', '=', 'contracts@remit.local').executeTakeFirst();
    const actor: CurrentUser = manager ? { ...manager, sessionId: 0 } : { id: 0, email: 'demo', first_name: 'Demo', last_name: 'Data', roles: ['admin'], sessionId: 0 };
    const w: WriteContext = { trx: db, user: actor, afterCommit: () => {}, onRollback: () => {} };
    const ids = new Map<string, number>();
    const methodOf = new Map<string, number>();

    for (const d of VENDORS) {
      const methods = (d.vendor.payment_methods as Record<string, unknown>[]).map((m) => {
        if (m.bank) return { ...m, bank_id: banks.get(String(m.bank)) };
        if (m.payee) return { type: 'alternative_payee', source_payment_method_id: methodOf.get(String(m.payee)) };
        return m;
      });
      const payload = {
        ...d.vendor,
        organization_id: orgs.get(d.org),
        account_manager_id: manager?.id,
        tag_ids: (d.tags ?? []).flatMap((t) => tags.get(t) ?? []),
        payment_methods: methods,
        create_change_request: d.kind !== 'new',
      };
      const result = validateVendor(payload);
      if (!result.ok) throw new ValidationFailed(result.errors);
      const id = await saveVendor(w, null, result.value);
      ids.set(String(d.vendor.name), id);
      const first = await db.selectFrom('vendor_payment_methods').select('id').where('vendor_id', '=', id).orderBy('position').executeTakeFirstOrThrow();
      methodOf.set(String(d.vendor.name), first.id);
      await audit(db, { action: 'create', type: 'Vendor', id, changes: { name: [null, d.vendor.name] }, userId: manager?.id ?? null });
      if (d.kind !== 'new') {
        await db
          .updateTable('vendors')
          .set({ state: 'confirmed', confirmed_at: sql`now()`, valid_from: '2026-01-01', inactive: d.kind === 'inactive' })
          .where('id', '=', id)
          .execute();
      }
    }

    // Alpenklang moves to Salzburg and changes its bank: a change request waiting for an admin.
    const alpen = ids.get('Alpenklang OG')!;
    const [current] = await loadVendors(db, [alpen]);
    const changed = validateVendor(
      {
        ...current,
        tag_ids: current.tags.map((t) => t.id),
        referenced_vendor_ids: [],
        name: 'Alpenklang Musik OG',
        address: { ...current.address, city: 'Salzburg', postal_code: '5020', street: 'Getreidegasse', street_number: '9' },
        payment_methods: [{ ...current.payment_methods[0], account_holder: 'Alpenklang Musik OG' }],
        valid_from: '2026-12-01',
      },
      { confirmed: true },
    );
    if (!changed.ok) throw new ValidationFailed(changed.errors);
    await updateVendor(w, current, changed.value);

    // Portal users for the portal e-mails (the first start writes the demo before the job queue exists,
    // so the save could not grant them): confirmed for confirmed vendors, so staff can open the portal
    // from the demo at once; pending for new vendors, so resend has something to send.
    await sql`
      INSERT INTO portal_users (email)
      SELECT DISTINCT ON (lower(email)) email FROM vendor_contact_emails WHERE can_access_portal AND portal_user_id IS NULL
      ON CONFLICT ON CONSTRAINT portal_users_email_key DO NOTHING`.execute(db);
    await sql`
      UPDATE vendor_contact_emails e
      SET portal_user_id = coalesce(e.portal_user_id, u.id), is_confirmed = (v.state = 'confirmed'), confirmation_sent_at = coalesce(e.confirmation_sent_at, now())
      FROM portal_users u, vendors v
      WHERE u.email_key = lower(e.email) AND v.id = e.vendor_id AND e.can_access_portal`.execute(db);
  },
};
