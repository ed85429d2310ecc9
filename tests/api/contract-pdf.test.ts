import pdfmake from 'pdfmake';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupApi, type TestUser } from '../support/api.js';
import { pdfText } from '../support/pdf-text.js';
import { organizationValues } from '../support/records.js';

const api = setupApi();
let writer: TestUser;
let approver: TestUser;
let orgId: number;
let sourceId: number;
const parties: { id: number; methodId: number; emailId: number }[] = [];

/**
 * A contract written from a template and submitted for approval, with two vendors. Each test's contract
 * has its own term, since one source may not be on two contracts whose terms share a day.
 */
async function pendingContract(start_date = '2026-03-01', end_date = '2028-02-29'): Promise<number> {
  const res = await api.request({
    method: 'POST',
    url: '/api/contracts',
    as: writer,
    payload: {
      contract: {
        organization_id: orgId,
        contract_type: 'exclusive_artist',
        currency: 'EUR',
        start_date,
        end_date,
        termination_period_months: 3,
        credit_note_type: 'detailed',
        template_name: 'standard',
        revenue_shares: [
          { type: 'all', formula: 'rev_share', rev_share: '72.5', baseline: '100' },
          { type: 'direct', formula: 'fixed_income', fixed_income: '1250.50' },
        ],
        contract_vendors: parties.map((p, i) => ({ vendor_id: p.id, vendor_payment_method_id: p.methodId, share_percentage: i === 0 ? '66.6667' : '33.3333', vendor_contact_email_ids: [p.emailId] })),
        revenue_source_ids: [sourceId],
        submit_for_approval: true,
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

beforeAll(async () => {
  writer = await api.user(['contracts']);
  approver = await api.user(['contracts_approve']);
  const org = await api.db
    .insertInto('organizations')
    .values(organizationValues({ name: 'Klangwerk Medien GmbH', number: 'P-1', city: 'München', postal_code: '80331', street: 'Marienplatz', street_number: '8', vendor_source_prefix_external: '100', vendor_source_prefix_internal: '200', vendor_source_prefix_network: '300' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  orgId = org.id;
  for (const [number, name] of [[1, 'Studio Süd Ørsted'], [2, 'Łódź Beats']] as const) {
    const { id } = await api.db.insertInto('vendors').values({ organization_id: orgId, number, name, type: 'company', language: 'de' }).returning('id').executeTakeFirstOrThrow();
    const contact = await api.db.insertInto('vendor_contacts').values({ vendor_id: id, first_name: 'Ana', last_name: 'Lopez', position: 0 }).returning('id').executeTakeFirstOrThrow();
    const email = await api.db
      .insertInto('vendor_contact_emails')
      .values({ vendor_contact_id: contact.id, vendor_id: id, email: `${number}@pdf.example`, position: 0, can_access_portal: false, can_sign: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const method = await api.db.insertInto('vendor_payment_methods').values({ vendor_id: id, type: 'no_account', position: 0, is_sepa: false }).returning('id').executeTakeFirstOrThrow();
    parties.push({ id, methodId: method.id, emailId: email.id });
  }
  const source = await api.db
    .insertInto('revenue_sources')
    .values({ type: 'youtube_channel', reference_id: 'UCpdfchannelxxxxxxxxxxxx', name: 'Klangwerk Kanal', organization_id: orgId })
    .returning('id')
    .executeTakeFirstOrThrow();
  sourceId = source.id;
});

describe('generated contract document (DOMAIN.md: at approval, from the template)', () => {
  it('approval writes a PDF with the parties, dates, sources, shares and splits; downloadable', async () => {
    const id = await pendingContract();
    const res = await api.request({ method: 'POST', url: `/api/contracts/${id}/approve`, as: approver });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'signing_pending', document_url: expect.stringMatching(new RegExp(`^/api/contracts/${id}/documents/\\d+$`)) });
    const doc = await api.db.selectFrom('contract_documents').selectAll().where('contract_id', '=', id).executeTakeFirstOrThrow();
    expect(doc).toMatchObject({ kind: 'generated', content_type: 'application/pdf', contract_amendment_id: null });
    const file = await api.request({ method: 'GET', url: res.json().document_url, as: writer });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const pdf = file.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    // In the first vendor's language (de), every name as written.
    for (const expected of ['Vertrag', 'Klangwerk Medien GmbH', 'Marienplatz 8, 80331 München', 'Studio Süd Ørsted', 'Łódź Beats', 'Klangwerk Kanal', '01.03.2026', '29.02.2028', '72,5', '1.250,50', '66,6667', '33,3333']) {
      expect(text, expected).toContain(expected);
    }
    // Types, formulas and methods as the screens name them in that language, never the stored values (issue 24, item 10).
    // (a narrow column breaks 'YouTube-Kanal' after its hyphen)
    const joined = text.replace(/- /g, '-');
    for (const expected of ['Exklusivkünstler', 'Ausführlich', 'YouTube-Kanal', 'Alle', 'Direkt', 'Erlösanteil', 'Festbetrag', 'Ohne Konto']) {
      expect(joined, expected).toContain(expected);
    }
    for (const raw of ['exclusive_artist', 'detailed', 'youtube_channel', 'rev_share', 'fixed_income', 'no_account']) expect(text, raw).not.toContain(raw);
    // Downloaded under a name that says what it is, not the document's id.
    expect(file.headers['content-disposition']).toBe(`attachment; filename="contract-${id}-generated-${doc.id}.pdf"`);
  });

  it('a failed generation fails the approval and changes nothing', async () => {
    const id = await pendingContract('2029-03-01', '2030-02-28');
    const before = await api.db.selectFrom('contracts').select(['state', 'lock_version']).where('id', '=', id).executeTakeFirstOrThrow();
    const spy = vi.spyOn(pdfmake, 'createPdf').mockImplementation(() => {
      throw new Error('font missing');
    });
    try {
      const res = await api.request({ method: 'POST', url: `/api/contracts/${id}/approve`, as: approver });
      expect(res.statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await api.db.selectFrom('contracts').select(['state', 'lock_version']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await api.db.selectFrom('contract_documents').select('id').where('contract_id', '=', id).execute()).toEqual([]);
    expect((await api.request({ method: 'POST', url: `/api/contracts/${id}/approve`, as: approver })).statusCode).toBe(200);
  });
});
