import { sql } from 'kysely';
import type { Db } from '../connection.js';
import type { DemoSeed } from './index.js';

/**
 * The demo organizations' own accounts (DOMAIN.md "Buckets and payment files"), so a demo bucket can make
 * its payment files: a EUR account for each (SEPA), and one in the organization's currency when that is GBP.
 * Published example IBANs with valid check digits.
 */
export const demoDebtorAccounts: DemoSeed = {
  name: 'debtor_accounts',
  async run(db: Db) {
    await sql`
      INSERT INTO organization_debtor_accounts (organization_id, position, currency, iban, bic, account_holder)
      SELECT a.* FROM (
        SELECT o.id, 0, 'EUR', 'DE02120300000000202051', 'BYLADEM1001', o.name FROM organizations o
        UNION ALL
        SELECT o.id, 1, 'GBP', 'GB29NWBK60161331926819', 'NWBKGB2L', o.name FROM organizations o WHERE o.currency = 'GBP'
      ) AS a (organization_id, position, currency, iban, bic, account_holder)
      -- an organization given an account by hand before this seed keeps it
      WHERE NOT EXISTS (SELECT 1 FROM organization_debtor_accounts d WHERE d.organization_id = a.organization_id AND d.currency = a.currency)`.execute(db);
  },
};
