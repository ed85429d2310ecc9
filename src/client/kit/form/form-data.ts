/**
 * A multipart body in the bracket notation the server reads (DESIGN, Bodies):
 * `organization[name]=X`, `organization[invoice_emails][]=a@b.c`,
 * `organization[signers][0][user_id]=3`, a file as the part named after its field
 * (`organization[logo]`). null becomes an empty field; undefined and absent files are left out.
 * An empty list is sent as an empty field (`organization[legal_imprints]=`): left out, the server would
 * keep the stored rows (an update merges over the record); the shared `list()` type reads '' as [].
 */
export function toFormData(wrapper: string, values: Record<string, unknown>, into: FormData = new FormData()): FormData {
  const add = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (typeof Blob !== 'undefined' && value instanceof Blob) {
      into.append(key, value, value instanceof File ? value.name : 'blob');
    } else if (value === null) {
      into.append(key, '');
    } else if (Array.isArray(value)) {
      if (value.length === 0) {
        into.append(key, '');
        return;
      }
      const scalars = value.every((v) => v === null || typeof v !== 'object');
      if (scalars) value.forEach((v) => add(`${key}[]`, v));
      else value.forEach((v, i) => add(`${key}[${i}]`, v));
    } else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) add(`${key}[${k}]`, v);
    } else into.append(key, String(value));
  };
  for (const [k, v] of Object.entries(values)) add(`${wrapper}[${k}]`, v);
  return into;
}
