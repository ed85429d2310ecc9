/**
 * A loaded record as form values: only the form's own fields (those of `initial`), with the server's
 * `null` read as the field's empty value, so an untouched optional field is not a change. Use it as
 * `fromRecord: (record) => recordValues(EMPTY, record)`.
 */
export function recordValues<V extends Record<string, unknown>>(initial: V, record: Record<string, unknown>): V {
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(initial)) {
    const value = record[key];
    values[key] = value === null || value === undefined ? initial[key] : value;
  }
  return values as V;
}
