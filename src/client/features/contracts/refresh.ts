import { mutate } from 'swr';
import { invalidateLists } from '../../kit/grid';

export const CONTRACTS_API = '/api/contracts';

/**
 * After a contract changed: its page shows the server's answer (the record every action answers) and
 * the contract lists reload.
 */
export function refreshContract(id: number, record?: unknown): void {
  if (record && typeof record === 'object') void mutate(`${CONTRACTS_API}/${id}`, record, { revalidate: false });
  else void mutate(`${CONTRACTS_API}/${id}`);
  void invalidateLists(CONTRACTS_API);
  void invalidateLists(`/api/audit_logs/contract/${id}`);
}
