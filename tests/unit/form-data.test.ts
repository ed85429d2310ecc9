import { describe, expect, it } from 'vitest';
import { toFormData } from '../../src/client/kit/form/form-data';

const entries = (form: FormData) => [...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as File).name}`]);

describe('toFormData', () => {
  it('writes bracket notation for objects, lists of objects and lists of scalars', () => {
    const form = toFormData('vendor', { name: 'A', tags: ['x', 'y'], contacts: [{ name: 'C', emails: [{ email: 'c@d.ef' }] }], note: null, skip: undefined });
    expect(entries(form)).toEqual([
      ['vendor[name]', 'A'],
      ['vendor[tags][]', 'x'],
      ['vendor[tags][]', 'y'],
      ['vendor[contacts][0][name]', 'C'],
      ['vendor[contacts][0][emails][0][email]', 'c@d.ef'],
      ['vendor[note]', ''],
    ]);
  });

  it('sends an emptied list as an empty field, at any depth, so the server replaces the stored rows', () => {
    const form = toFormData('organization', { legal_imprints: [], invoice_emails: [], contacts: [{ emails: [] }] });
    expect(entries(form)).toEqual([
      ['organization[legal_imprints]', ''],
      ['organization[invoice_emails]', ''],
      ['organization[contacts][0][emails]', ''],
    ]);
  });

  it('puts a file as the part named after its field', () => {
    const form = toFormData('organization', { logo: new File(['x'], 'logo.png', { type: 'image/png' }) });
    expect(entries(form)).toEqual([['organization[logo]', 'file:logo.png']]);
  });
});
