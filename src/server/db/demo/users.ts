import { sql } from 'kysely';
import { hashPassword } from '../../modules/session/passwords.js';
import type { DemoSeed } from './index.js';
import '../../modules/session/tables.js';

export const DEMO_PASSWORD = 'remit-demo-password';

/** Staff with typical role sets, all with the demo password, so each role's view can be tried. */
export const demoUsers: DemoSeed = {
  name: 'users',
  async run(db) {
    const digest = await hashPassword(DEMO_PASSWORD);
    const people: [string, string, string, string[]][] = [
      ['finance@remit.local', 'Fiona', 'Fischer', ['payments', 'payments_verify', 'payouts', 'financial_reports']],
      ['contracts@remit.local', 'Carl', 'Conrad', ['vendors', 'contracts', 'vendor_files']],
      ['approver@remit.local', 'Anna', 'Albrecht', ['contracts_approve']],
      ['portal@remit.local', 'Paula', 'Peters', ['portal_admin']],
      ['youtube@remit.local', 'Yusuf', 'Yilmaz', ['revenue_sources', 'unallocated_revenues', 'youtube_whitelisted_channels']],
    ];
    await db
      .insertInto('users')
      .values(people.map(([email, first_name, last_name, roles]) => ({ email, first_name, last_name, roles, password_digest: digest })))
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .execute();
  },
};
