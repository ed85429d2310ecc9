import { describe, expect, it } from 'vitest';
import { listColumns } from '../../src/client/kit/list-columns';
import { declaredOptions, listFilters } from '../../src/client/kit/list-filters';
import { defineList } from '../../src/shared/lists/define-list';

const things = defineList({
  sorts: ['id', 'name', 'vendor'],
  filters: { state: { kind: 'string', values: ['new', 'paid'] }, name: { kind: 'text' } },
});

describe('a shared list on the client', () => {
  it('makes a column sortable exactly when the list sorts by its sort key or id', () => {
    const columns = listColumns<{ id: number }, typeof things>(things, [
      { id: 'id', header: 'id' },
      { id: 'vendor_name', header: 'vendor', sortKey: 'vendor' },
      { id: 'contacts', header: 'contacts' },
    ]);
    expect(columns.map((c) => [c.id, c.sortable])).toEqual([
      ['id', true],
      ['vendor_name', true],
      ['contacts', false],
    ]);
  });

  it("offers an enumerated filter's declared values, labelled by the given prefix", () => {
    expect(declaredOptions(things, 'state', 'things.states')).toEqual([
      { value: 'new', label: 'things.states.new' },
      { value: 'paid', label: 'things.states.paid' },
    ]);
    expect(listFilters(things, [{ kind: 'text', name: 'name', label: 'things.name' }]).map((f) => f.name)).toEqual(['name']);
  });
});
