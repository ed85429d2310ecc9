import type { Bank } from '../../../shared/entities/bank.js';
import type { Db } from '../../db/connection.js';
import { byIds } from '../../http/resource.js';
import { fullAddress } from '../../lib/address.js';
import './tables.js';

export type BankEntity = Bank<Date>;

const COLUMNS = ['id', 'name', 'country_code', 'postal_code', 'city', 'street', 'bic', 'bank_key', 'created_at'] as const;

export function loadBanks(db: Db, ids: readonly number[]): Promise<BankEntity[]> {
  return byIds(ids, async (list) => {
    const rows = await db.selectFrom('banks').select(COLUMNS).where('id', 'in', list).execute();
    return rows.map((b) => ({ ...b, full_address: fullAddress(b) }));
  });
}

/** Banks whose name, BIC or bank key contains the pattern, for the bank picker of vendor payment methods. */
export async function lookupBanks(db: Db, like: string, limit: number): Promise<BankEntity[]> {
  const rows = await db
    .selectFrom('banks')
    .select(COLUMNS)
    .where((eb) => eb.or([eb('name', 'ilike', like), eb('bic', 'ilike', like), eb('bank_key', 'ilike', like)]))
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((b) => ({ ...b, full_address: fullAddress(b) }));
}
