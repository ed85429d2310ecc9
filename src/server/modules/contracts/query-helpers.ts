/** A contract document's download path (contract, amendment and termination documents alike). */
export const documentUrl = (contractId: number, documentId: number) => `/api/contracts/${contractId}/documents/${documentId}`;

export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k) ?? [];
    list.push(row);
    out.set(k, list);
  }
  return out;
}
