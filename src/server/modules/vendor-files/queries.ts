import { sql } from 'kysely';
import type { VendorFile } from '../../../shared/entities/vendor-file.js';
import type { Db } from '../../db/connection.js';
import { byIds } from '../../http/resource.js';
import { fullNumberSql } from '../vendors/queries.js';
import type { VendorFileTax, VendorFileVendor } from './csv.js';
import type { ZipEntry } from './zip.js';
import './tables.js';

export type VendorFileEntity = VendorFile<Date>;

export const fileUrl = (id: number) => `/api/vendor_files/${id}/file`;
export const documentsUrl = (id: number) => `/api/vendor_files/${id}/confirmation_documents`;

export function loadVendorFiles(db: Db, ids: readonly number[]): Promise<VendorFileEntity[]> {
  return byIds(ids, async (list) => {
    const rows = await db
      .selectFrom('vendor_files as f')
      .innerJoin('organizations as o', 'o.id', 'f.organization_id')
      .select(['f.id', 'f.organization_id', 'f.month', 'f.digest', 'f.vendor_count', 'f.file_key', 'f.confirmation_documents_key', 'f.created_at', 'o.name', 'o.number'])
      .where('f.id', 'in', list)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      organization_id: r.organization_id,
      organization: { id: r.organization_id, name: r.name, number: r.number },
      month: r.month,
      digest: r.digest,
      vendor_count: r.vendor_count,
      file_url: fileUrl(r.id),
      confirmation_documents_file_url: r.confirmation_documents_key ? documentsUrl(r.id) : null,
      created_at: r.created_at,
    }));
  });
}

/** `[start, end)` of a month given as its first day, in UTC. */
const monthRange = (month: string) => sql`(${month}::date)::timestamp AT TIME ZONE 'UTC', ((${month}::date) + interval '1 month')::timestamp AT TIME ZONE 'UTC'`;

interface VendorRow extends VendorFileTax {
  id: number;
  full_number: string;
  name: string;
  type: string;
  state: string;
  valid_from: string | null;
  has_address: boolean;
  street: string | null;
  street_number: string | null;
  postal_code: string | null;
  city: string | null;
  region: string | null;
  country_code: string | null;
  has_tax: boolean;
}

/**
 * What goes into one organization's file for a month (DOMAIN.md "Vendor files and reports"): its
 * vendors created or changed in the month, a confirmed change counting in the month of its
 * `valid_from`; each with its payment methods (an alternative payee carries the bank details of the
 * method it points at, where the money goes) and the confirmation documents added in the month (one
 * confirming a change that applies on a later day: in that day's month).
 */
export async function vendorFileContent(db: Db, organizationId: number, month: string): Promise<{ vendors: VendorFileVendor[]; documents: ZipEntry[] }> {
  const { rows } = await sql<VendorRow>`
    SELECT vendors.id, ${fullNumberSql} AS full_number, vendors.name, vendors.type, vendors.state, vendors.valid_from::text AS valid_from,
      a.id IS NOT NULL AS has_address, a.street, a.street_number, a.postal_code, a.city, a.state AS region, a.country_code,
      t.id IS NOT NULL AS has_tax, t.eu_tax_id, t.de_regional_tax_number, t.de_country_tax_number, t.de_tax_number_region,
      t.nl_kvk, t.es_cif, t.es_nif, t.it_iva, t.it_fiscal_code, t.fr_tva, t.fr_siret, t.other_tax_id,
      t.vat_percentage::text AS vat_percentage, t.withholding_tax_percentage::text AS withholding_tax_percentage
    FROM vendors
    JOIN organizations ON organizations.id = vendors.organization_id
    LEFT JOIN vendor_addresses a ON a.vendor_id = vendors.id
    LEFT JOIN vendor_tax_infos t ON t.vendor_id = vendors.id
    CROSS JOIN LATERAL (SELECT ${monthRange(month)}) AS m(starts, ends)
    WHERE vendors.organization_id = ${organizationId}
      AND (vendors.created_at >= m.starts AND vendors.created_at < m.ends
        OR vendors.updated_at >= m.starts AND vendors.updated_at < m.ends
        OR vendors.valid_from >= ${month}::date AND vendors.valid_from < (${month}::date + interval '1 month'))
    ORDER BY vendors.number, vendors.id`.execute(db);
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return { vendors: [], documents: [] };
  const [methods, documents] = await Promise.all([
    sql<{ vendor_id: number } & VendorFileVendor['payment_methods'][number]>`
      SELECT m.vendor_id, m.type,
        coalesce(m.account_holder, s.account_holder) AS account_holder, coalesce(m.iban, s.iban) AS iban, coalesce(m.bic, s.bic) AS bic,
        coalesce(m.account_number, s.account_number) AS account_number, coalesce(b.bank_key, sb.bank_key) AS bank_key,
        m.email, coalesce(m.sap_partner_type, s.sap_partner_type) AS sap_partner_type
      FROM vendor_payment_methods m
      LEFT JOIN banks b ON b.id = m.bank_id
      LEFT JOIN vendor_payment_methods s ON s.id = m.source_payment_method_id
      LEFT JOIN banks sb ON sb.id = s.bank_id
      WHERE m.vendor_id = ANY(${ids}::bigint[])
      ORDER BY m.vendor_id, m.position, m.id`.execute(db),
    sql<{ id: number; vendor_id: number; file_key: string }>`
      SELECT d.id, d.vendor_id, d.file_key FROM vendor_documents d
      CROSS JOIN LATERAL (SELECT ${monthRange(month)}) AS m(starts, ends)
      WHERE d.vendor_id = ANY(${ids}::bigint[])
        AND CASE WHEN d.valid_from IS NULL THEN d.created_at >= m.starts AND d.created_at < m.ends
                 ELSE d.valid_from >= ${month}::date AND d.valid_from < (${month}::date + interval '1 month') END
      ORDER BY d.vendor_id, d.id`.execute(db),
  ]);
  const numbers = new Map(rows.map((r) => [Number(r.id), r.full_number]));
  const vendors = rows.map((r): VendorFileVendor => ({
    full_number: r.full_number,
    name: r.name,
    type: r.type,
    state: r.state,
    valid_from: r.valid_from,
    address: r.has_address
      ? { street: r.street, street_number: r.street_number, postal_code: r.postal_code, city: r.city, state: r.region, country_code: r.country_code }
      : null,
    tax: r.has_tax
      ? {
          eu_tax_id: r.eu_tax_id,
          de_regional_tax_number: r.de_regional_tax_number,
          de_country_tax_number: r.de_country_tax_number,
          de_tax_number_region: r.de_tax_number_region,
          nl_kvk: r.nl_kvk,
          es_cif: r.es_cif,
          es_nif: r.es_nif,
          it_iva: r.it_iva,
          it_fiscal_code: r.it_fiscal_code,
          fr_tva: r.fr_tva,
          fr_siret: r.fr_siret,
          other_tax_id: r.other_tax_id,
          vat_percentage: r.vat_percentage,
          withholding_tax_percentage: r.withholding_tax_percentage,
        }
      : null,
    payment_methods: methods.rows
      .filter((m) => Number(m.vendor_id) === Number(r.id))
      .map(({ vendor_id: _v, ...m }) => m),
  }));
  return {
    vendors,
    documents: documents.rows.map((d) => ({ name: `${numbers.get(Number(d.vendor_id))}-${d.id}.pdf`, key: d.file_key })),
  };
}
