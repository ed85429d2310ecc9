import { useRef, useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { VENDOR_LANGUAGES, VENDOR_SOURCES, VENDOR_TYPES } from '../../../shared/validation/vendors';
import { api } from '../../api/client';
import { useTagOptions } from '../tags/tag-options';
import { useInitData } from '../../api/init-data';
import { AutocompleteField, MoneyField, MultiSelectField, SelectField, TextField, optionsFrom } from '../../kit/fields';
import { useForm } from '../../kit/form';
import { useT } from '../../lib/i18n';
import { useIsAdmin } from './use-admin';
import type { Vendor } from './vendor';

export const sectionStyle = css({ border: 'none', m: 0, p: 0, minW: 0, display: 'flex', flexDirection: 'column', gap: '2' });
export const legendStyle = css({ fontWeight: '600', fontSize: 'sm', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: '0.04em', p: 0, mb: '1' });
export const grid = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '3', alignItems: 'start' });

/** A titled group of fields. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <fieldset className={sectionStyle}>
      <legend className={legendStyle}>{t(title)}</legend>
      <div className={grid}>{children}</div>
    </fieldset>
  );
}

interface Hit {
  id: number;
  name: string;
  full_number?: string;
}

/**
 * "A vendor with this name exists" (spec 2, 2 "Vendor form extras"): asked on leaving the name field,
 * the vendor itself excluded.
 */
function useSameNameWarning(ownId: number | null) {
  const [twin, setTwin] = useState<Hit | null>(null);
  const asked = useRef('');
  const check = async (name: string) => {
    const wanted = name.trim().toLowerCase();
    if (wanted === asked.current) return;
    asked.current = wanted;
    if (!wanted) return setTwin(null);
    try {
      const answer = await api.get<Hit[] | { entries: Hit[] }>('/api/vendors/lookup', { q: name.trim() }, { quiet: true });
      const hits = Array.isArray(answer) ? answer : answer.entries;
      setTwin(hits.find((h) => h.id !== ownId && h.name.trim().toLowerCase() === wanted) ?? null);
    } catch {
      setTwin(null);
    }
  };
  return { twin, check };
}


/** The general tab: organization, type, name, number, source, language, minimum payout, account manager, tags. */
export function GeneralFields({ record }: { record: Vendor | undefined }) {
  const t = useT();
  const form = useForm();
  const admin = useIsAdmin();
  const { organizations } = useInitData();
  const creating = !record;
  const { twin, check } = useSameNameWarning(record?.id ?? null);
  const tagOptions = useTagOptions();
  const name = form.getValue('name') as string;

  return (
    <Section title="vendors.sections.general">
      {/* A vendor stays with its organization (its number is the organization's). */}
      <SelectField name="organization_id" options={organizations.map((o) => ({ value: o.id, label: o.name }))} translate={false} autoFocus={creating} disabled={!creating} />
      <SelectField name="type" options={optionsFrom(VENDOR_TYPES, 'vendors.types')} />
      {/* React's blur bubbles: leaving the name field asks about twins. */}
      <div onBlur={() => void check(name)}>
        <TextField name="name" />
        {twin && (
          <p role="status" className={css({ m: 0, mt: '1', fontSize: 'sm', color: 'warning' })}>
            {t('vendors.same_name_warning', { name: twin.name, number: twin.full_number ?? String(twin.id) })}
          </p>
        )}
      </div>
      {/* Number: admins only, and only when creating; otherwise assigned in sequence (DOMAIN "Vendors"). */}
      {creating && admin && <TextField name="number" inputMode="numeric" hint="vendors.hints.number" />}
      <SelectField
        name="source"
        allowEmpty={false}
        options={VENDOR_SOURCES.map((v) => ({ value: v, label: `vendors.sources.${v}`, disabled: v !== 'network' && !admin }))}
      />
      <SelectField name="language" allowEmpty={false} options={optionsFrom(VENDOR_LANGUAGES, 'vendors.languages')} />
      {/* Issue 23: in each contract's currency; empty follows the organization's (a contract vendor may set its own). */}
      <MoneyField name="minimum_payout" allowNegative={false} />
      <AutocompleteField<{ id: number; email: string; first_name: string; last_name: string }, number>
        name="account_manager_id"
        path="/api/users/lookup"
        labelOf={(u) => u.email}
        noteOf={(u) => `${u.first_name} ${u.last_name}`.trim() || undefined}
        valueOf={(u) => u.id}
        selectedLabel={record?.account_manager?.email}
      />
      <MultiSelectField name="tag_ids" label="vendors.fields.tags" translate={false} options={tagOptions} />
      {/* Other vendors only (spec 2, 5): found by name or number, the vendor itself not choosable. */}
      <MultiSelectField<{ id: number; name: string; full_number: string | null }>
        name="referenced_vendor_ids"
        translate={false}
        options={(record?.referenced_vendors ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
        lookup={{ path: '/api/vendors/lookup', labelOf: (v) => v.name, noteOf: (v) => v.full_number ?? undefined, valueOf: (v) => v.id, disabledOf: (v) => v.id === record?.id }}
      />
    </Section>
  );
}
