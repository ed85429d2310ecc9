import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';

/** `saveChildRows`: a record's list saved as a whole (insert, update, delete by id), each entry audited. */
const api = setupApi();
let admin: TestUser;
let signer: TestUser;
let second: TestUser;

const organization = () => ({
  name: 'Child Rows GmbH',
  number: '4711',
  country_code: 'DE',
  currency: 'EUR',
  city: 'Berlin',
  postal_code: '10115',
  street: 'Invalidenstraße',
  street_number: '1',
  overridden_payment_type: 'none',
  invoice_emails: ['invoices@remit.local'],
  invoice_cc_emails: [],
  vendor_change_request_notification_emails: [],
  payment_paused_notification_emails: [],
  vendor_sources: { external: '100', internal: '200', network: '300' },
  legal_imprints: [],
  signers: [
    { user_id: signer.id, is_primary: true, is_secondary: false },
    { user_id: second.id, is_primary: false, is_secondary: true },
  ],
});

const save = (method: 'POST' | 'PUT', org: Record<string, unknown>, id?: number) =>
  api.request({ method, url: id ? `/api/organizations/${id}` : '/api/organizations', payload: { organization: org }, as: admin });

beforeAll(async () => {
  admin = await api.user(['admin']);
  signer = await api.user(['contracts']);
  second = await api.user(['contracts']);
});

describe('child rows', () => {
  it('adds, updates and removes entries by id, with an audit entry for each', async () => {
    const created = await save('POST', {
      ...organization(),
      managing_directors: [
        { full_name: 'Ada', email: 'ada@remit.local' },
        { full_name: 'Bea', email: 'bea@remit.local' },
      ],
    });
    expect(created.statusCode).toBe(201);
    const org = created.json();
    const [ada, bea] = org.managing_directors as { id: number; full_name: string }[];
    expect([ada.full_name, bea.full_name]).toEqual(['Ada', 'Bea']);

    // Ada changes her e-mail, Bea leaves, Cem joins.
    const updated = await save(
      'PUT',
      {
        managing_directors: [
          { id: ada.id, full_name: 'Ada', email: 'ada@example.com' },
          { full_name: 'Cem', email: 'cem@remit.local' },
        ],
      },
      org.id,
    );
    expect(updated.statusCode).toBe(200);
    const directors = updated.json().managing_directors as { id: number; full_name: string; email: string }[];
    expect(directors.map((d) => [d.id === ada.id, d.full_name, d.email])).toEqual([
      [true, 'Ada', 'ada@example.com'],
      [false, 'Cem', 'cem@remit.local'],
    ]);
    const cem = directors[1];

    const trail = async (id: number) => (await auditTrail(api.db, 'OrganizationManagingDirector', id)).map((t) => [t.action, t.audited_changes, t.user_id]);
    expect(await trail(ada.id)).toEqual([
      ['create', { organization_id: [null, org.id], full_name: [null, 'Ada'], email: [null, 'ada@remit.local'], position: [null, 0] }, admin.id],
      ['update', { email: ['ada@remit.local', 'ada@example.com'] }, admin.id],
    ]);
    expect(await trail(bea.id)).toEqual([
      ['create', expect.objectContaining({ full_name: [null, 'Bea'] }), admin.id],
      ['destroy', { organization_id: [org.id, null], full_name: ['Bea', null], email: ['bea@remit.local', null], position: [1, null] }, admin.id],
    ]);
    expect(await trail(cem.id)).toEqual([['create', expect.objectContaining({ full_name: [null, 'Cem'], position: [null, 1] }), admin.id]]);
    // The signers, not named in the partial payload, stay as they were: created once, never touched.
    const signerId = org.signers[0].id;
    expect(updated.json().signers[0].id).toBe(signerId);
    expect((await auditTrail(api.db, 'OrganizationSigner', signerId)).map((t) => t.action)).toEqual(['create']);

    // The entries' trails are readable where the organization's is (admins).
    const history = await api.request({ method: 'GET', url: `/api/audit_logs/OrganizationManagingDirector/${ada.id}`, as: admin });
    expect(history.json()).toMatchObject({ total: 2 });
  });

  it('refuses an id of another record on its entry and changes nothing', async () => {
    const a = (await save('POST', { ...organization(), number: '5001', managing_directors: [{ full_name: 'Own', email: 'own@remit.local' }] })).json();
    const b = (await save('POST', { ...organization(), number: '5002', managing_directors: [{ full_name: 'Other', email: 'other@remit.local' }] })).json();
    const foreign = b.managing_directors[0].id;
    const res = await save('PUT', { managing_directors: [{ id: foreign, full_name: 'Stolen', email: 'x@remit.local' }] }, a.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { managing_directors: { 0: { id: ['invalid'] } } } });
    expect((await api.request({ method: 'GET', url: `/api/organizations/${a.id}`, as: admin })).json().managing_directors).toMatchObject([{ full_name: 'Own' }]);
    expect((await auditTrail(api.db, 'OrganizationManagingDirector', foreign)).map((t) => t.action)).toEqual(['create']);
  });
});
