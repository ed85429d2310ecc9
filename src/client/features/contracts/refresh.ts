import { mutate } from 'swr';
import { invalidateLists } from '../../kit/grid/use-list';

export const CONTRACTS_API = '/api/contracts';

/** Whether an action's answer is this contract (an amendment's actions answer the amendment). */
const isContract = (id: number, record: unknown): boolean => Boolean(record) && typeof record === 'object' && (record as { id?: unknown }).id === id && 'contract_vendors' in (record as object);

/**
 * After a contract changed: its page shows the server's answer when that is the contract, else
 * reloads it; the contract lists and its audit log reload.
 */
export function refreshContract(id: number, record?: unknown): void {
  if (isContract(id, record)) void mutate(`${CONTRACTS_API}/${id}`, record, { revalidate: false });
  else void mutate(`${CONTRACTS_API}/${id}`);
  void invalidateLists(CONTRACTS_API);
  void invalidateLists(`/api/audit_logs/contract/${id}`);
}
